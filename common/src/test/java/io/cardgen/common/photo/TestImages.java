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
import java.util.Arrays;
import java.util.Base64;
import java.util.zip.CRC32;
import javax.imageio.ImageIO;

/**
 * Real image files made by the JDK's encoders and by libwebp, and hand-built headers for sizes no
 * test should encode.
 */
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

  /** A GIF whose logical screen is small but whose one frame declares its own size. */
  static byte[] gifWithFrame(int screenWidth, int screenHeight, int frameWidth, int frameHeight) {
    ByteBuffer gif = ByteBuffer.allocate(28).order(ByteOrder.LITTLE_ENDIAN);
    gif.put("GIF89a".getBytes(StandardCharsets.US_ASCII));
    gif.putShort((short) screenWidth).putShort((short) screenHeight).put(new byte[3]);
    gif.put((byte) 0x2C).putInt(0); // image descriptor at (0, 0)
    gif.putShort((short) frameWidth).putShort((short) frameHeight).put((byte) 0);
    gif.put(new byte[] {2, 1, 0, 0, 0x3B}); // LZW size, one data block, end, trailer
    return gif.array();
  }

  /**
   * Real WebP files written by libwebp's {@code cwebp} 1.2.4 from a 40×30 drawing: lossy (VP8),
   * lossless (VP8L), and lossy with an alpha channel (VP8X + ALPH + VP8). The JDK writes no WebP.
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

  /**
   * A RIFF/WEBP file whose first chunk is VP8X, declaring a {@code width}×{@code height} canvas,
   * followed by a VP8L bitstream header declaring {@code bitstreamWidth}×{@code bitstreamHeight}.
   */
  static byte[] webpExtended(int width, int height, int bitstreamWidth, int bitstreamHeight) {
    ByteBuffer payload = ByteBuffer.allocate(10).order(ByteOrder.LITTLE_ENDIAN);
    payload.putInt(0); // flags + reserved
    putUint24(payload, width - 1);
    putUint24(payload, height - 1);
    byte[] lossless = webpLossless(bitstreamWidth, bitstreamHeight);
    byte[] bitstream = Arrays.copyOfRange(lossless, 12, lossless.length);
    return riff(chunk("VP8X", payload.array()), bitstream);
  }

  /** As {@link #webpExtended(int, int, int, int)} with a bitstream of the canvas's size. */
  static byte[] webpExtended(int width, int height) {
    return webpExtended(width, height, width, height);
  }

  /**
   * An animated WebP: a small canvas and one ANMF frame at offset (0, 0) declaring {@code
   * width}×{@code height}, with a tiny VP8L bitstream inside.
   */
  static byte[] webpAnimated(int canvasSide, int width, int height) {
    ByteBuffer canvas = ByteBuffer.allocate(10).order(ByteOrder.LITTLE_ENDIAN);
    canvas.putInt(0x02); // animation flag + reserved
    putUint24(canvas, canvasSide - 1);
    putUint24(canvas, canvasSide - 1);
    byte[] lossless = webpLossless(1, 1);
    byte[] bitstream = Arrays.copyOfRange(lossless, 12, lossless.length);
    ByteBuffer frame = ByteBuffer.allocate(16 + bitstream.length).order(ByteOrder.LITTLE_ENDIAN);
    putUint24(frame, 0);
    putUint24(frame, 0);
    putUint24(frame, width - 1);
    putUint24(frame, height - 1);
    putUint24(frame, 100); // duration
    frame.put((byte) 0).put(bitstream);
    return riff(chunk("VP8X", canvas.array()), chunk("ANMF", frame.array()));
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
    return riff(chunk(chunk, payload));
  }

  private static byte[] riff(byte[]... chunks) {
    int length = Arrays.stream(chunks).mapToInt(c -> c.length).sum();
    ByteBuffer file = ByteBuffer.allocate(12 + length).order(ByteOrder.LITTLE_ENDIAN);
    file.put("RIFF".getBytes(StandardCharsets.US_ASCII)).putInt(4 + length);
    file.put("WEBP".getBytes(StandardCharsets.US_ASCII));
    Arrays.stream(chunks).forEach(file::put);
    return file.array();
  }

  private static byte[] chunk(String type, byte[] payload) {
    int padding = payload.length & 1;
    ByteBuffer chunk =
        ByteBuffer.allocate(8 + payload.length + padding).order(ByteOrder.LITTLE_ENDIAN);
    chunk.put(type.getBytes(StandardCharsets.US_ASCII)).putInt(payload.length).put(payload);
    return chunk.array();
  }

  private static byte[] base64(String text) {
    return Base64.getDecoder().decode(text);
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
