package io.cardgen.common.photo;

import java.util.Optional;

/**
 * The canvas size an image file declares in its header, read without decoding a single pixel. It
 * exists so a tiny file that claims 60000×60000 is turned away before anything downstream (our
 * model provider included) tries to allocate that canvas.
 */
public record ImageDimensions(int width, int height) {

  public ImageDimensions {
    if (width <= 0 || height <= 0) {
      throw new IllegalArgumentException("dimensions must be positive: " + width + "x" + height);
    }
  }

  public long pixels() {
    return (long) width * height;
  }

  /**
   * Reads the dimensions from the header of {@code image}, a file already sniffed as {@code
   * format}. Empty when the header is cut short, breaks the format's structure or declares a zero
   * side. Only what is needed for the size is checked: a file cut after its header passes here.
   *
   * <ul>
   *   <li>JPEG: the first start-of-frame marker, skipping the segments before it;
   *   <li>PNG: the IHDR chunk, which must come first;
   *   <li>GIF: the logical screen, widened to any frame that reaches beyond it (decoders allocate
   *       per frame);
   *   <li>WebP: the VP8 key-frame header or the VP8L bitstream header; for an extended (VP8X) file
   *       the largest of its canvas, its bitstreams and its animation frames.
   * </ul>
   */
  public static Optional<ImageDimensions> read(ImageFormat format, byte[] image) {
    HeaderBytes bytes = new HeaderBytes(image);
    try {
      FormatHeaders.Declared size =
          switch (format) {
            case JPEG -> FormatHeaders.jpeg(bytes);
            case PNG -> FormatHeaders.png(bytes);
            case GIF -> FormatHeaders.gif(bytes);
            case WEBP -> FormatHeaders.webp(bytes);
          };
      long width = size.width();
      long height = size.height();
      if (width <= 0 || height <= 0 || width > Integer.MAX_VALUE || height > Integer.MAX_VALUE) {
        return Optional.empty();
      }
      return Optional.of(new ImageDimensions((int) width, (int) height));
    } catch (MalformedHeader e) {
      return Optional.empty();
    }
  }

  @Override
  public String toString() {
    return width + "x" + height;
  }
}
