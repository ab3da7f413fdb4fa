package io.cardgen.worker.photo;

import java.awt.image.BufferedImage;
import java.awt.image.DataBufferInt;

/**
 * The EXIF orientation of a JPEG (tag 0x0112 of IFD0, values 1–8) and how to apply it. Phones store
 * most photos sideways and say so only in this tag; decoders ignore it and re-encoding drops it, so
 * a copy made for the model must be turned upright first or the model reads labels sideways. Any
 * problem reading the tag means "as stored" (1): a photo is never refused over its metadata.
 */
final class ExifOrientation {

  static final int AS_STORED = 1;
  private static final int TAG = 0x0112;

  private ExifOrientation() {}

  /** The orientation a JPEG declares, or {@link #AS_STORED}. */
  static int of(byte[] jpeg) {
    try {
      int pos = 2; // after SOI
      while (pos + 4 <= jpeg.length && u8(jpeg, pos) == 0xFF) {
        int marker = u8(jpeg, pos + 1);
        int length = u16(jpeg, pos + 2, false);
        if (marker == 0xDA || length < 2) {
          return AS_STORED; // image data reached without an Exif segment
        }
        if (marker == 0xE1 && startsWith(jpeg, pos + 4, "Exif\0\0")) {
          return fromTiff(jpeg, pos + 10, pos + 2 + length);
        }
        pos += 2 + length;
      }
    } catch (ArrayIndexOutOfBoundsException cutShort) {
      // fall through: unreadable metadata is no orientation
    }
    return AS_STORED;
  }

  private static int fromTiff(byte[] bytes, int tiff, int end) {
    boolean little = startsWith(bytes, tiff, "II");
    int ifd = tiff + (int) u32(bytes, tiff + 4, little);
    int entries = u16(bytes, ifd, little);
    for (int i = 0; i < entries; i++) {
      int entry = ifd + 2 + i * 12;
      if (entry + 12 > end) {
        break;
      }
      if (u16(bytes, entry, little) == TAG) {
        int value = u16(bytes, entry + 8, little);
        return value >= 1 && value <= 8 ? value : AS_STORED;
      }
    }
    return AS_STORED;
  }

  /**
   * {@code image} turned as {@code orientation} says it is to be displayed. Rows are read in bulk
   * and pixels written straight into the new image's array: through {@code setRGB} each pixel went
   * through the colour model, which made turning a 1024x768 copy cost as much as encoding it.
   */
  static BufferedImage apply(BufferedImage image, int orientation) {
    if (orientation <= AS_STORED || orientation > 8) {
      return image;
    }
    int width = image.getWidth();
    int height = image.getHeight();
    boolean swapsSides = orientation >= 5;
    boolean alpha = image.getColorModel().hasAlpha();
    BufferedImage turned =
        new BufferedImage(
            swapsSides ? height : width,
            swapsSides ? width : height,
            alpha ? BufferedImage.TYPE_INT_ARGB : BufferedImage.TYPE_INT_RGB);
    int[] pixels = ((DataBufferInt) turned.getRaster().getDataBuffer()).getData();
    int stride = turned.getWidth();
    int keep = alpha ? 0xFFFFFFFF : 0x00FFFFFF;
    int[] row = new int[width];
    for (int y = 0; y < height; y++) {
      image.getRGB(0, y, width, 1, row, 0, width);
      for (int x = 0; x < width; x++) {
        int at =
            switch (orientation) {
              case 2 -> y * stride + (width - 1 - x); // mirrored
              case 3 -> (height - 1 - y) * stride + (width - 1 - x); // upside down
              case 4 -> (height - 1 - y) * stride + x; // mirrored upside down
              case 5 -> x * stride + y; // transposed
              case 6 -> x * stride + (height - 1 - y); // to be turned 90° clockwise
              case 7 -> (width - 1 - x) * stride + (height - 1 - y); // transversed
              default -> (width - 1 - x) * stride + y; // 8: to be turned 90° anticlockwise
            };
        pixels[at] = row[x] & keep;
      }
    }
    return turned;
  }

  private static boolean startsWith(byte[] bytes, int at, String ascii) {
    for (int i = 0; i < ascii.length(); i++) {
      if (bytes[at + i] != ascii.charAt(i)) {
        return false;
      }
    }
    return true;
  }

  private static int u8(byte[] bytes, int at) {
    return bytes[at] & 0xFF;
  }

  private static int u16(byte[] bytes, int at, boolean little) {
    return little ? u8(bytes, at) | u8(bytes, at + 1) << 8 : u8(bytes, at) << 8 | u8(bytes, at + 1);
  }

  private static long u32(byte[] bytes, int at, boolean little) {
    long first = u16(bytes, at, little);
    long second = u16(bytes, at + 2, little);
    return little ? first | second << 16 : first << 16 | second;
  }
}
