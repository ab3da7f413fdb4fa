package io.cardgen.worker.photo;

import java.awt.Color;
import java.awt.Graphics2D;
import java.awt.image.BufferedImage;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.util.Base64;
import javax.imageio.ImageIO;

/**
 * Real photos made by the JDK's encoders and by libwebp, and a PNG header that lies about its size.
 */
final class SampleImages {

  /**
   * Real 40×30 WebP files written by libwebp's {@code cwebp} 1.2.4: lossy (VP8), lossless (VP8L),
   * and lossy with an alpha channel (VP8X + ALPH + VP8). The JDK writes no WebP.
   */
  static final byte[] WEBP_LOSSY =
      base64(
          "UklGRuoAAABXRUJQVlA4IN4AAAAQBwCdASooAB4APuFkpU2opiOiNVgIARAcCWwAge0knkv2Ac1NQ7dgG8qkQ8Yp/D"
              + "1JvaVMB4jWFqOMoqL8AqtcQAD+DPfyA4JFtaMUiGm7TguthFH//0ddmDr1puvPx7h/j/j5azNv/+m6Jdx5E6u8WE2n"
              + "YFA+hpIzZFyaiCHKe9VekNtHbOGyKDtLEg2GAasbUb7EhmGsNtX1H3YqwkeWmTxMNA1h57f46a/MenHh6xTR0DJMH2"
              + "MKxWHFrYewFR3LKRJErgl0IOWSRdHNNsluGRCdMqL1DOlZZAAAAAA=");

  static final byte[] WEBP_LOSSLESS =
      base64(
          "UklGRlIAAABXRUJQVlA4TEYAAAAvJ0AHAA9wWOR//A/y/McSWEW21eakfyIBqSANKUhAQGZOenEQ0f8J8O/EqpGmga"
              + "oLRQfyTQfPOHVvBvLNQtFA1UjTxOqP");

  static final byte[] WEBP_ALPHA =
      base64(
          "UklGRioBAABXRUJQVlA4WAoAAAAQAAAAJwAAHQAAQUxQSBQAAAARDzD/ERFCLJj4W2U2g+6I/kcwBFZQOCDwAAAAEA"
              + "cAnQEqKAAeAD7hYqRNqKYjojVb+AEQHAlsALUbjnbHs0SA2wF2AbzORD4vdcnn7QYxQ/+4jqe++fk4tmxZWAAA/gzz"
              + "4HIedaRXfQdelirqExTliU8/2IMrxwEHZ8jBnseENDzaORRkLeHjPEDMB/EPe/TfHDYLn/tS7YOOdQStW5v+ZthEaM"
              + "zaae/nIS5KqhEsKc+QP1KdVfVn9YHYHxl+BxIRTnkxiFrAgWBvF61I9pJryLrsxS/kSQepeA0Nnm6ua2szgzrL3gAn"
              + "W4MFhxlBlqY8lodbQDEeGjmnTT1kylGb+dYuL4URTvasAAAA");

  private SampleImages() {}

  static byte[] gif(int width, int height) {
    return encode("gif", width, height);
  }

  /** A PNG with an alpha channel; transparent in its left quarter unless {@code opaque}. */
  static byte[] pngWithAlpha(int width, int height, boolean opaque) {
    BufferedImage image = new BufferedImage(width, height, BufferedImage.TYPE_INT_ARGB);
    Graphics2D graphics = image.createGraphics();
    graphics.setColor(Color.CYAN);
    graphics.fillRect(opaque ? 0 : width / 4, 0, width, height);
    graphics.dispose();
    return write(image, "png");
  }

  static byte[] png(int width, int height) {
    return encode("png", width, height);
  }

  static byte[] jpeg(int width, int height) {
    return encode("jpeg", width, height);
  }

  /** A PNG signature and an IHDR chunk claiming {@code width}×{@code height}, and no pixels. */
  static byte[] pngHeader(int width, int height) {
    return ByteBuffer.allocate(33)
        .put(new byte[] {(byte) 0x89, 'P', 'N', 'G', '\r', '\n', 0x1A, '\n'})
        .putInt(13)
        .put(new byte[] {'I', 'H', 'D', 'R'})
        .putInt(width)
        .putInt(height)
        .put(new byte[] {8, 2, 0, 0, 0})
        .putInt(0) // CRC: not checked by a header reader
        .array();
  }

  private static byte[] encode(String format, int width, int height) {
    BufferedImage image = new BufferedImage(width, height, BufferedImage.TYPE_INT_RGB);
    Graphics2D graphics = image.createGraphics();
    graphics.setColor(Color.MAGENTA);
    graphics.fillOval(0, 0, width, height);
    graphics.dispose();
    return write(image, format);
  }

  /** A JPEG whose left half is red and right half blue. */
  static byte[] redLeftBlueRight(int width, int height) {
    BufferedImage image = new BufferedImage(width, height, BufferedImage.TYPE_INT_RGB);
    Graphics2D graphics = image.createGraphics();
    graphics.setColor(Color.RED);
    graphics.fillRect(0, 0, width / 2, height);
    graphics.setColor(Color.BLUE);
    graphics.fillRect(width / 2, 0, width - width / 2, height);
    graphics.dispose();
    return write(image, "jpeg");
  }

  /**
   * {@code jpeg} with an Exif APP1 segment (big-endian TIFF, one IFD0 entry) declaring {@code
   * orientation}, inserted right after its start-of-image marker, as cameras write it.
   */
  static byte[] withExifOrientation(byte[] jpeg, int orientation) {
    ByteBuffer app1 = ByteBuffer.allocate(36);
    app1.put(new byte[] {(byte) 0xFF, (byte) 0xE1}).putShort((short) 34);
    app1.put(new byte[] {'E', 'x', 'i', 'f', 0, 0, 'M', 'M', 0, 42}).putInt(8);
    app1.putShort((short) 1); // one entry
    app1.putShort((short) 0x0112).putShort((short) 3).putInt(1); // orientation, SHORT, one
    app1.putShort((short) orientation).putShort((short) 0).putInt(0); // value, no next IFD
    byte[] tagged = new byte[jpeg.length + app1.capacity()];
    System.arraycopy(jpeg, 0, tagged, 0, 2);
    System.arraycopy(app1.array(), 0, tagged, 2, app1.capacity());
    System.arraycopy(jpeg, 2, tagged, 2 + app1.capacity(), jpeg.length - 2);
    return tagged;
  }

  static byte[] write(BufferedImage image, String format) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    try {
      if (!ImageIO.write(image, format, out)) {
        throw new IllegalStateException("no ImageIO writer for " + format);
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return out.toByteArray();
  }

  private static byte[] base64(String text) {
    return Base64.getDecoder().decode(text);
  }
}
