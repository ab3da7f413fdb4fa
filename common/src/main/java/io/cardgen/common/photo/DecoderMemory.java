package io.cardgen.common.photo;

/**
 * The memory outside the heap that the JDK's image decoder takes for a photo, read from its header.
 *
 * <p>The JDK decodes JPEG with libjpeg, in native memory. A baseline JPEG is decoded a row of
 * blocks at a time, but a progressive one, or a baseline one whose first scan holds fewer
 * components than its frame (one scan per component), needs every coefficient of the whole image
 * before the last scan: two bytes per pixel and component, whatever subsampling the caller asks
 * for. At the default pixel limit (40 MP) a three-component progressive JPEG of 10 MB takes 240 MB
 * there (242 MB measured, JDK 25), none of it counted by the heap's limit. PNG, GIF and WebP decode
 * in the heap.
 */
public final class DecoderMemory {

  // libjpeg pads each component to whole MCUs: up to 4 blocks of 8 (sampling factors go up to 4).
  private static final int MCU_PADDING = 32;
  private static final int COEFFICIENT_BYTES = 2;

  private DecoderMemory() {}

  /** Bytes outside the heap the decoder takes for {@code image}, 0 when next to nothing. */
  public static long nativeBytes(ImageFormat format, byte[] image) {
    if (format != ImageFormat.JPEG) {
      return 0;
    }
    HeaderBytes bytes = new HeaderBytes(image);
    FormatHeaders.JpegFrame frame;
    try {
      frame = FormatHeaders.jpegFrame(bytes);
    } catch (MalformedHeader unreadable) {
      return 0; // refused before decoding: the photo's limits read the same header
    }
    if (frame.progressive() || multipleScans(bytes, frame)) {
      return (frame.width() + MCU_PADDING)
          * (frame.height() + MCU_PADDING)
          * frame.components()
          * COEFFICIENT_BYTES;
    }
    return 0;
  }

  /** Whether the first scan leaves components for later ones; an unreadable scan header counts. */
  private static boolean multipleScans(HeaderBytes bytes, FormatHeaders.JpegFrame frame) {
    try {
      return FormatHeaders.firstScanComponents(bytes, frame) < frame.components();
    } catch (MalformedHeader unreadable) {
      return true;
    }
  }
}
