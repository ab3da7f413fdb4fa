package io.cardgen.worker.photo;

import java.awt.Color;
import java.awt.Graphics2D;
import java.awt.image.BufferedImage;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import javax.imageio.ImageIO;

/** Real photos made by the JDK's encoders, and a PNG header that lies about its size. */
final class SampleImages {

  private SampleImages() {}

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
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    try {
      ImageIO.write(image, format, out);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return out.toByteArray();
  }
}
