package io.cardgen.testsupport;

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
import java.util.Arrays;
import java.util.Base64;
import java.util.zip.CRC32;
import javax.imageio.IIOImage;
import javax.imageio.ImageIO;
import javax.imageio.ImageWriteParam;
import javax.imageio.ImageWriter;
import javax.imageio.stream.ImageOutputStream;

/**
 * Image files for tests: real ones made by the JDK's encoders and by libwebp, and hand-built ones
 * whose headers declare sizes no test should encode (decompression bombs).
 */
public final class TestImages {

  /**
   * Real WebP files written by libwebp's {@code cwebp} 1.2.4 from a 40×30 drawing: lossy (VP8),
   * lossless (VP8L), and lossy with an alpha channel (VP8X + ALPH + VP8). The JDK writes no WebP.
   */
  public static final byte[] WEBP_LOSSY =
      base64(
          "UklGRuoAAABXRUJQVlA4IN4AAAAQBwCdASooAB4APuFkpU2opiOiNVgIARAcCWwAge0knkv2Ac1NQ7dgG8qkQ8Yp/D"
              + "1JvaVMB4jWFqOMoqL8AqtcQAD+DPfyA4JFtaMUiGm7TguthFH//0ddmDr1puvPx7h/j/j5azNv/+m6Jdx5E6u8WE2n"
              + "YFA+hpIzZFyaiCHKe9VekNtHbOGyKDtLEg2GAasbUb7EhmGsNtX1H3YqwkeWmTxMNA1h57f46a/MenHh6xTR0DJMH2"
              + "MKxWHFrYewFR3LKRJErgl0IOWSRdHNNsluGRCdMqL1DOlZZAAAAAA=");

  public static final byte[] WEBP_LOSSLESS =
      base64(
          "UklGRlIAAABXRUJQVlA4TEYAAAAvJ0AHAA9wWOR//A/y/McSWEW21eakfyIBqSANKUhAQGZOenEQ0f8J8O/EqpGmga"
              + "oLRQfyTQfPOHVvBvLNQtFA1UjTxOqP");

  public static final byte[] WEBP_ALPHA =
      base64(
          "UklGRioBAABXRUJQVlA4WAoAAAAQAAAAJwAAHQAAQUxQSBQAAAARDzD/ERFCLJj4W2U2g+6I/kcwBFZQOCDwAAAAEA"
              + "cAnQEqKAAeAD7hYqRNqKYjojVb+AEQHAlsALUbjnbHs0SA2wF2AbzORD4vdcnn7QYxQ/+4jqe++fk4tmxZWAAA/gzz"
              + "4HIedaRXfQdelirqExTliU8/2IMrxwEHZ8jBnseENDzaORRkLeHjPEDMB/EPe/TfHDYLn/tS7YOOdQStW5v+ZthEaM"
              + "zaae/nIS5KqhEsKc+QP1KdVfVn9YHYHxl+BxIRTnkxiFrAgWBvF61I9pJryLrsxS/kSQepeA0Nnm6ua2szgzrL3gAn"
              + "W4MFhxlBlqY8lodbQDEeGjmnTT1kylGb+dYuL4URTvasAAAA");

  private TestImages() {}

  public static byte[] jpeg(int width, int height) {
    return encode("jpeg", width, height);
  }

  public static byte[] png(int width, int height) {
    return encode("png", width, height);
  }

  /** A progressive JPEG (SOF2) of the JDK's encoder, colour, 4:2:0. */
  public static byte[] progressiveJpeg(int width, int height) {
    BufferedImage image = new BufferedImage(width, height, BufferedImage.TYPE_INT_RGB);
    Graphics2D graphics = image.createGraphics();
    graphics.setPaint(new GradientPaint(0, 0, Color.ORANGE, width, height, Color.BLUE));
    graphics.fillRect(0, 0, width, height);
    graphics.dispose();
    ImageWriter writer = ImageIO.getImageWritersByFormatName("jpeg").next();
    ImageWriteParam param = writer.getDefaultWriteParam();
    param.setProgressiveMode(ImageWriteParam.MODE_DEFAULT);
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    try (ImageOutputStream out = ImageIO.createImageOutputStream(bytes)) {
      writer.setOutput(out);
      writer.write(null, new IIOImage(image, null, null), param);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } finally {
      writer.dispose();
    }
    return bytes.toByteArray();
  }

  public static byte[] gif(int width, int height) {
    return encode("gif", width, height);
  }

  /** A PNG with an alpha channel; transparent in its left quarter unless {@code opaque}. */
  public static byte[] pngWithAlpha(int width, int height, boolean opaque) {
    BufferedImage image = new BufferedImage(width, height, BufferedImage.TYPE_INT_ARGB);
    Graphics2D graphics = image.createGraphics();
    graphics.setColor(Color.CYAN);
    graphics.fillRect(opaque ? 0 : width / 4, 0, width, height);
    graphics.dispose();
    return write(image, "png");
  }

  /** A JPEG whose left half is red and right half blue. */
  public static byte[] redLeftBlueRight(int width, int height) {
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
  public static byte[] withExifOrientation(byte[] jpeg, int orientation) {
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

  /** {@code bytes} as a {@code data:} URI declaring {@code declaredType}. */
  public static String dataUri(String declaredType, byte[] bytes) {
    return "data:" + declaredType + ";base64," + Base64.getEncoder().encodeToString(bytes);
  }

  /** A PNG signature and IHDR chunk (with a correct CRC) declaring any size, and no pixels. */
  public static byte[] pngHeader(long width, long height) {
    ByteBuffer ihdr = ByteBuffer.allocate(17);
    ihdr.put(ascii("IHDR"));
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
  public static byte[] gifWithFrame(
      int screenWidth, int screenHeight, int frameWidth, int frameHeight) {
    ByteBuffer gif = ByteBuffer.allocate(28).order(ByteOrder.LITTLE_ENDIAN);
    gif.put(ascii("GIF89a"));
    gif.putShort((short) screenWidth).putShort((short) screenHeight).put(new byte[3]);
    gif.put((byte) 0x2C).putInt(0); // image descriptor at (0, 0)
    gif.putShort((short) frameWidth).putShort((short) frameHeight).put((byte) 0);
    gif.put(new byte[] {2, 1, 0, 0, 0x3B}); // LZW size, one data block, end, trailer
    return gif.array();
  }

  /**
   * A RIFF/WEBP file whose first chunk is VP8X, declaring a {@code width}×{@code height} canvas,
   * followed by a VP8L bitstream header declaring {@code bitstreamWidth}×{@code bitstreamHeight}.
   */
  public static byte[] webpExtended(
      int width, int height, int bitstreamWidth, int bitstreamHeight) {
    ByteBuffer payload = ByteBuffer.allocate(10).order(ByteOrder.LITTLE_ENDIAN);
    payload.putInt(0); // flags + reserved
    putUint24(payload, width - 1);
    putUint24(payload, height - 1);
    byte[] lossless = webpLossless(bitstreamWidth, bitstreamHeight);
    byte[] bitstream = Arrays.copyOfRange(lossless, 12, lossless.length);
    return riff(chunk("VP8X", payload.array()), bitstream);
  }

  /** As {@link #webpExtended(int, int, int, int)} with a bitstream of the canvas's size. */
  public static byte[] webpExtended(int width, int height) {
    return webpExtended(width, height, width, height);
  }

  /**
   * An animated WebP: a small canvas and one ANMF frame at offset (0, 0) declaring {@code
   * width}×{@code height}, with a tiny VP8L bitstream inside.
   */
  public static byte[] webpAnimated(int canvasSide, int width, int height) {
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
  public static byte[] webpLossless(int width, int height) {
    ByteBuffer payload = ByteBuffer.allocate(5).order(ByteOrder.LITTLE_ENDIAN);
    payload.put((byte) 0x2F).putInt((width - 1) | (height - 1) << 14);
    return riff(chunk("VP8L", payload.array()));
  }

  /** A RIFF/WEBP file with a VP8 (lossy) key-frame header for the given size. */
  public static byte[] webpLossy(int width, int height) {
    ByteBuffer payload = ByteBuffer.allocate(10).order(ByteOrder.LITTLE_ENDIAN);
    payload.put(new byte[] {0x10, 0x02, 0x00}); // frame tag: key frame, version 0, shown
    payload.put(new byte[] {(byte) 0x9D, 0x01, 0x2A});
    payload.putShort((short) width).putShort((short) height);
    return riff(chunk("VP8 ", payload.array()));
  }

  /** {@code image} encoded by the JDK's ImageIO writer for {@code format}. */
  public static byte[] write(BufferedImage image, String format) {
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

  /** A photo-like drawing (a gradient and an oval), so encoders have something to compress. */
  private static byte[] encode(String format, int width, int height) {
    BufferedImage image = new BufferedImage(width, height, BufferedImage.TYPE_INT_RGB);
    Graphics2D graphics = image.createGraphics();
    graphics.setPaint(new GradientPaint(0, 0, Color.ORANGE, width, height, Color.BLUE));
    graphics.fillRect(0, 0, width, height);
    graphics.setColor(Color.WHITE);
    graphics.fillOval(width / 4, height / 4, width / 2, height / 2);
    graphics.dispose();
    return write(image, format);
  }

  private static byte[] riff(byte[]... chunks) {
    int length = Arrays.stream(chunks).mapToInt(c -> c.length).sum();
    ByteBuffer file = ByteBuffer.allocate(12 + length).order(ByteOrder.LITTLE_ENDIAN);
    file.put(ascii("RIFF")).putInt(4 + length).put(ascii("WEBP"));
    Arrays.stream(chunks).forEach(file::put);
    return file.array();
  }

  private static byte[] chunk(String type, byte[] payload) {
    int padding = payload.length & 1;
    ByteBuffer chunk =
        ByteBuffer.allocate(8 + payload.length + padding).order(ByteOrder.LITTLE_ENDIAN);
    chunk.put(ascii(type)).putInt(payload.length).put(payload);
    return chunk.array();
  }

  private static void putUint24(ByteBuffer buffer, int value) {
    buffer.put((byte) value).put((byte) (value >> 8)).put((byte) (value >> 16));
  }

  private static byte[] ascii(String text) {
    return text.getBytes(StandardCharsets.US_ASCII);
  }

  private static byte[] base64(String text) {
    return Base64.getDecoder().decode(text);
  }
}
