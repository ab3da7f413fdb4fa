package io.cardgen.common.photo;

import java.awt.Color;
import java.awt.Graphics2D;
import java.awt.image.BufferedImage;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.zip.CRC32;
import javax.imageio.ImageIO;

/** Real image files made by the JDK's encoders, and hand-built headers for what it cannot write. */
final class TestImages {

  private TestImages() {}

  static byte[] jpeg(int width, int height) {
    return encode("jpeg", width, height);
  }

  static byte[] png(int width, int height) {
    return encode("png", width, height);
  }

  static byte[] gif(int width, int height) {
    return encode("gif", width, height);
  }

  /** A PNG signature and IHDR chunk (with a correct CRC) declaring any size, and no pixels. */
  static byte[] pngHeader(long width, long height) {
    ByteBuffer ihdr = ByteBuffer.allocate(17);
    ihdr.put("IHDR".getBytes(StandardCharsets.US_ASCII));
    ihdr.putInt((int) width).putInt((int) height).put(new byte[] {8, 2, 0, 0, 0});
    CRC32 crc = new CRC32();
    crc.update(ihdr.array());
    return ByteBuffer.allocate(8 + 4 + 17 + 4)
        .put(new byte[] {(byte) 0x89, 'P', 'N', 'G', '\r', '\n', 0x1A, '\n'})
        .putInt(13)
        .put(ihdr.array())
        .putInt((int) crc.getValue())
        .array();
  }

  /**
   * A RIFF/WEBP file whose first chunk is VP8X, declaring a {@code width}×{@code height} canvas.
   */
  static byte[] webpExtended(int width, int height) {
    ByteBuffer payload = ByteBuffer.allocate(10).order(ByteOrder.LITTLE_ENDIAN);
    payload.putInt(0); // flags + reserved
    putUint24(payload, width - 1);
    putUint24(payload, height - 1);
    return riff("VP8X", payload.array());
  }

  /** A RIFF/WEBP file with a VP8L (lossless) bitstream header for the given size. */
  static byte[] webpLossless(int width, int height) {
    ByteBuffer payload = ByteBuffer.allocate(5).order(ByteOrder.LITTLE_ENDIAN);
    payload.put((byte) 0x2F).putInt((width - 1) | (height - 1) << 14);
    return riff("VP8L", payload.array());
  }

  /** A RIFF/WEBP file with a VP8 (lossy) key-frame header for the given size. */
  static byte[] webpLossy(int width, int height) {
    ByteBuffer payload = ByteBuffer.allocate(10).order(ByteOrder.LITTLE_ENDIAN);
    payload.put(new byte[] {0x10, 0x02, 0x00}); // frame tag: key frame, version 0, shown
    payload.put(new byte[] {(byte) 0x9D, 0x01, 0x2A});
    payload.putShort((short) width).putShort((short) height);
    return riff("VP8 ", payload.array());
  }

  private static byte[] riff(String chunk, byte[] payload) {
    ByteBuffer file = ByteBuffer.allocate(20 + payload.length).order(ByteOrder.LITTLE_ENDIAN);
    file.put("RIFF".getBytes(StandardCharsets.US_ASCII)).putInt(12 + payload.length);
    file.put("WEBP".getBytes(StandardCharsets.US_ASCII));
    file.put(chunk.getBytes(StandardCharsets.US_ASCII)).putInt(payload.length).put(payload);
    return file.array();
  }

  private static void putUint24(ByteBuffer buffer, int value) {
    buffer.put((byte) value).put((byte) (value >> 8)).put((byte) (value >> 16));
  }

  private static byte[] encode(String format, int width, int height) {
    BufferedImage image = new BufferedImage(width, height, BufferedImage.TYPE_INT_RGB);
    Graphics2D graphics = image.createGraphics();
    graphics.setColor(Color.ORANGE);
    graphics.fillRect(0, 0, width / 2 + 1, height / 2 + 1);
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
}
