package io.cardgen.worker.photo;

import io.cardgen.common.photo.ImageFormat;
import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.awt.image.BufferedImage;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import javax.imageio.IIOImage;
import javax.imageio.ImageIO;
import javax.imageio.ImageWriteParam;
import javax.imageio.ImageWriter;
import javax.imageio.stream.ImageOutputStream;
import javax.imageio.stream.MemoryCacheImageOutputStream;

/**
 * Scales and encodes the model's copy of a photo: JPEG when every pixel is opaque (a fraction of a
 * PNG's size for photographs), PNG when some are not, since JPEG has no transparency and would turn
 * a cut-out product's background black.
 */
final class PhotoEncoder {

  record Encoded(byte[] bytes, ImageFormat format) {}

  private PhotoEncoder() {}

  /** {@code image} scaled to exactly {@code width}×{@code height}, bilinearly. */
  static BufferedImage scale(BufferedImage image, int width, int height) {
    boolean alpha = image.getColorModel().hasAlpha();
    BufferedImage scaled =
        new BufferedImage(
            width, height, alpha ? BufferedImage.TYPE_INT_ARGB : BufferedImage.TYPE_INT_RGB);
    Graphics2D graphics = scaled.createGraphics();
    try {
      graphics.setRenderingHint(
          RenderingHints.KEY_INTERPOLATION, RenderingHints.VALUE_INTERPOLATION_BILINEAR);
      graphics.setRenderingHint(RenderingHints.KEY_RENDERING, RenderingHints.VALUE_RENDER_QUALITY);
      graphics.drawImage(image, 0, 0, width, height, null);
    } finally {
      graphics.dispose();
    }
    return scaled;
  }

  static Encoded encode(BufferedImage image, float jpegQuality) throws IOException {
    if (hasTransparency(image)) {
      ByteArrayOutputStream png = new ByteArrayOutputStream();
      if (!ImageIO.write(image, "png", png)) {
        throw new IOException("no PNG encoder");
      }
      return new Encoded(png.toByteArray(), ImageFormat.PNG);
    }
    return new Encoded(jpeg(opaque(image), jpegQuality), ImageFormat.JPEG);
  }

  private static byte[] jpeg(BufferedImage image, float quality) throws IOException {
    ImageWriter writer = ImageIO.getImageWritersByFormatName("jpeg").next();
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    try (ImageOutputStream out = new MemoryCacheImageOutputStream(bytes)) {
      writer.setOutput(out);
      ImageWriteParam param = writer.getDefaultWriteParam();
      param.setCompressionMode(ImageWriteParam.MODE_EXPLICIT);
      param.setCompressionQuality(quality);
      writer.write(null, new IIOImage(image, null, null), param);
    } finally {
      writer.dispose();
    }
    return bytes.toByteArray();
  }

  /** The JPEG encoder takes only alpha-free RGB or grey images; others are redrawn as RGB. */
  private static BufferedImage opaque(BufferedImage image) {
    int type = image.getType();
    if (type == BufferedImage.TYPE_INT_RGB
        || type == BufferedImage.TYPE_3BYTE_BGR
        || type == BufferedImage.TYPE_BYTE_GRAY) {
      return image;
    }
    BufferedImage rgb =
        new BufferedImage(image.getWidth(), image.getHeight(), BufferedImage.TYPE_INT_RGB);
    Graphics2D graphics = rgb.createGraphics();
    try {
      graphics.drawImage(image, 0, 0, null);
    } finally {
      graphics.dispose();
    }
    return rgb;
  }

  private static boolean hasTransparency(BufferedImage image) {
    if (!image.getColorModel().hasAlpha()) {
      return false;
    }
    int[] row = new int[image.getWidth()];
    for (int y = 0; y < image.getHeight(); y++) {
      image.getRGB(0, y, row.length, 1, row, 0, row.length);
      for (int argb : row) {
        if (argb >>> 24 != 0xFF) {
          return true;
        }
      }
    }
    return false;
  }
}
