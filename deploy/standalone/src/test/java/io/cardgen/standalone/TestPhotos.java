package io.cardgen.standalone;

import java.awt.Color;
import java.awt.GradientPaint;
import java.awt.Graphics2D;
import java.awt.image.BufferedImage;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.zip.CRC32;
import javax.imageio.ImageIO;

/**
 * Photos for the whole-path tests: real files from the JDK's encoders and from libwebp, and
 * hand-built files that lie about their size.
 */
final class TestPhotos {

  /** A real 40×30 lossy WebP (VP8) written by libwebp's {@code cwebp} 1.2.4. */
  static final byte[] WEBP_LOSSY =
      base64(
          "UklGRuoAAABXRUJQVlA4IN4AAAAQBwCdASooAB4APuFkpU2opiOiNVgIARAcCWwAge0knkv2Ac1NQ7dgG8qkQ8Yp/D"
              + "1JvaVMB4jWFqOMoqL8AqtcQAD+DPfyA4JFtaMUiGm7TguthFH//0ddmDr1puvPx7h/j/j5azNv/+m6Jdx5E6u8WE2n"
              + "YFA+hpIzZFyaiCHKe9VekNtHbOGyKDtLEg2GAasbUb7EhmGsNtX1H3YqwkeWmTxMNA1h57f46a/MenHh6xTR0DJMH2"
              + "MKxWHFrYewFR3LKRJErgl0IOWSRdHNNsluGRCdMqL1DOlZZAAAAAA=");

  /** A real 40×30 lossy WebP with an alpha channel (VP8X + ALPH + VP8), by {@code cwebp}. */
  static final byte[] WEBP_ALPHA =
      base64(
          "UklGRioBAABXRUJQVlA4WAoAAAAQAAAAJwAAHQAAQUxQSBQAAAARDzD/ERFCLJj4W2U2g+6I/kcwBFZQOCDwAAAAEA"
              + "cAnQEqKAAeAD7hYqRNqKYjojVb+AEQHAlsALUbjnbHs0SA2wF2AbzORD4vdcnn7QYxQ/+4jqe++fk4tmxZWAAA/gzz"
              + "4HIedaRXfQdelirqExTliU8/2IMrxwEHZ8jBnseENDzaORRkLeHjPEDMB/EPe/TfHDYLn/tS7YOOdQStW5v+ZthEaM"
              + "zaae/nIS5KqhEsKc+QP1KdVfVn9YHYHxl+BxIRTnkxiFrAgWBvF61I9pJryLrsxS/kSQepeA0Nnm6ua2szgzrL3gAn"
              + "W4MFhxlBlqY8lodbQDEeGjmnTT1kylGb+dYuL4URTvasAAAA");

  private TestPhotos() {}

  static byte[] jpeg(int width, int height) {
    return encode("jpeg", width, height);
  }

  static byte[] png(int width, int height) {
    return encode("png", width, height);
  }

  static byte[] gif(int width, int height) {
    return encode("gif", width, height);
  }

  static String dataUri(String declaredType, byte[] bytes) {
    return "data:" + declaredType + ";base64," + Base64.getEncoder().encodeToString(bytes);
  }

  /**
   * A PNG signature and IHDR chunk (with its CRC) claiming {@code side}×{@code side}, no pixels.
   */
  static byte[] pngHeader(int side) {
    ByteBuffer ihdr = ByteBuffer.allocate(17);
    ihdr.put("IHDR".getBytes(StandardCharsets.US_ASCII));
    ihdr.putInt(side).putInt(side).put(new byte[] {8, 2, 0, 0, 0});
    CRC32 crc = new CRC32();
    crc.update(ihdr.array());
    return ByteBuffer.allocate(33)
        .put(new byte[] {(byte) 0x89, 'P', 'N', 'G', '\r', '\n', 0x1A, '\n'})
        .putInt(13)
        .put(ihdr.array())
        .putInt((int) crc.getValue())
        .array();
  }

  /** An extended WebP whose 16×16 canvas wraps a lossless bitstream declaring 16384×16384. */
  static byte[] webpBombBehindASmallCanvas() {
    ByteBuffer file = ByteBuffer.allocate(44).order(ByteOrder.LITTLE_ENDIAN);
    file.put(ascii("RIFF")).putInt(36).put(ascii("WEBP"));
    file.put(ascii("VP8X")).putInt(10).putInt(0);
    file.put(new byte[] {15, 0, 0, 15, 0, 0}); // canvas 16x16, stored minus one
    file.put(ascii("VP8L")).putInt(5).put((byte) 0x2F).putInt(0x3FFF | 0x3FFF << 14);
    return file.array(); // the odd-sized chunk's padding byte is the buffer's last zero
  }

  /** A GIF whose 10×10 screen holds one frame declaring 30000×30000. */
  static byte[] gifBombBehindASmallScreen() {
    ByteBuffer gif = ByteBuffer.allocate(28).order(ByteOrder.LITTLE_ENDIAN);
    gif.put(ascii("GIF89a")).putShort((short) 10).putShort((short) 10).put(new byte[3]);
    gif.put((byte) 0x2C).putInt(0).putShort((short) 30_000).putShort((short) 30_000);
    gif.put(new byte[] {0, 2, 1, 0, 0, 0x3B}); // no colour table, LZW data, trailer
    return gif.array();
  }

  private static byte[] encode(String format, int width, int height) {
    BufferedImage image = new BufferedImage(width, height, BufferedImage.TYPE_INT_RGB);
    Graphics2D graphics = image.createGraphics();
    graphics.setPaint(new GradientPaint(0, 0, Color.ORANGE, width, height, Color.BLUE));
    graphics.fillRect(0, 0, width, height);
    graphics.setColor(Color.WHITE);
    graphics.fillOval(width / 4, height / 4, width / 2, height / 2);
    graphics.dispose();
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

  private static byte[] ascii(String text) {
    return text.getBytes(StandardCharsets.US_ASCII);
  }

  private static byte[] base64(String text) {
    return Base64.getDecoder().decode(text);
  }
}
