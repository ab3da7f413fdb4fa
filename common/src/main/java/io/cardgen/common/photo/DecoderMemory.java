package io.cardgen.common.photo;

/**
 * The memory outside the heap that the JDK's image decoder takes for a photo, read from its header.
 *
 * <p>The JDK decodes JPEG with libjpeg, in native memory. A baseline JPEG is decoded a row of
 * blocks at a time, but a progressive one needs every coefficient of the whole image before the
 * last scan: two bytes per pixel and component, whatever subsampling the caller asks for. At the
 * default pixel limit (40 MP) a three-component progressive JPEG of 10 MB takes 240 MB there (242
 * MB measured, JDK 25), none of it counted by the heap's limit. PNG, GIF and WebP decode in the
 * heap.
 */
public final class DecoderMemory {

  // libjpeg pads each component to whole MCUs: at most two blocks of 8 (the sampling factors
  // go up to 4, but a component sampled down takes fewer blocks than the full-size bound).
  private static final int MCU_PADDING = 16;
  private static final int COEFFICIENT_BYTES = 2;

  private DecoderMemory() {}

  /** Bytes outside the heap the decoder takes for {@code image}, 0 when next to nothing. */
  public static long nativeBytes(ImageFormat format, byte[] image) {
    if (format != ImageFormat.JPEG) {
      return 0;
    }
    try {
      FormatHeaders.JpegFrame frame = FormatHeaders.jpegFrame(new HeaderBytes(image));
      if (!frame.progressive()) {
        return 0;
      }
      return (frame.width() + MCU_PADDING)
          * (frame.height() + MCU_PADDING)
          * frame.components()
          * COEFFICIENT_BYTES;
    } catch (MalformedHeader unreadable) {
      return 0;
    }
  }
}
