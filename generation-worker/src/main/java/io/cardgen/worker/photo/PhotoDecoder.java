package io.cardgen.worker.photo;

import com.twelvemonkeys.imageio.plugins.webp.WebPImageReaderSpi;
import io.cardgen.common.photo.ImageFormat;
import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.util.Iterator;
import javax.imageio.IIOException;
import javax.imageio.ImageIO;
import javax.imageio.ImageReadParam;
import javax.imageio.ImageReader;
import javax.imageio.stream.ImageInputStream;
import javax.imageio.stream.MemoryCacheImageInputStream;

/**
 * Decodes the first frame of a photo, keeping only every n-th pixel of every n-th row as it goes:
 * the JDK's JPEG, PNG and GIF readers decode row by row into a destination of the subsampled size,
 * so a 40-megapixel photo bound for a 1024-pixel copy never occupies 160 MB.
 *
 * <p>WebP is read by TwelveMonkeys' pure-Java plugin, created directly rather than looked up in the
 * ImageIO registry: the registry scans the class path once, with whichever class loader comes
 * first, and inside a Spring Boot jar that may not be the one holding the plugin.
 *
 * <p>Callers must have checked the declared canvas against the pixel limit first; this class
 * decodes whatever it is given.
 */
final class PhotoDecoder {

  private static final WebPImageReaderSpi WEBP = new WebPImageReaderSpi();

  private PhotoDecoder() {}

  /**
   * @param subsampling keep every {@code subsampling}-th pixel in both directions; 1 keeps all
   * @throws IOException when the data is not a decodable image of {@code format}
   */
  static BufferedImage decode(byte[] bytes, ImageFormat format, int subsampling)
      throws IOException {
    ImageReader reader = readerFor(format);
    try (ImageInputStream in = new MemoryCacheImageInputStream(new ByteArrayInputStream(bytes))) {
      // Metadata is not read at all: text and profile chunks are a decompression surface of
      // their own, and nothing in them matters for the model's copy.
      reader.setInput(in, true, true);
      ImageReadParam param = reader.getDefaultReadParam();
      param.setSourceSubsampling(subsampling, subsampling, 0, 0);
      BufferedImage image = reader.read(0, param);
      if (image == null) {
        throw new IIOException(format + " decoded to nothing");
      }
      return image;
    } catch (RuntimeException broken) {
      // Hostile files make some decoders throw unchecked exceptions (array bounds, illegal
      // arguments) rather than IIOException; either way the photo is not usable.
      throw new IIOException(format + " could not be decoded", broken);
    } finally {
      reader.dispose();
    }
  }

  private static ImageReader readerFor(ImageFormat format) throws IOException {
    if (format == ImageFormat.WEBP) {
      return WEBP.createReaderInstance(null);
    }
    Iterator<ImageReader> readers = ImageIO.getImageReadersByMIMEType(format.mimeType());
    if (!readers.hasNext()) {
      throw new IIOException("no decoder for " + format);
    }
    return readers.next();
  }
}
