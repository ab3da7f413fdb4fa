package io.cardgen.common.photo;

import static org.assertj.core.api.Assertions.assertThat;

import io.cardgen.testsupport.TestImages;
import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import javax.imageio.IIOImage;
import javax.imageio.ImageIO;
import javax.imageio.ImageWriteParam;
import javax.imageio.ImageWriter;
import javax.imageio.stream.MemoryCacheImageOutputStream;
import org.junit.jupiter.api.Test;

class PhotoLimitsTest {

  private final PhotoLimits limits = new PhotoLimits(64 * 1024, 40_000_000);

  @Test
  void acceptsARealPhotoAsItsSniffedFormat() {
    ImageVerdict verdict = limits.check(TestImages.png(20, 10));

    assertThat(verdict)
        .isEqualTo(new ImageVerdict.Accepted(ImageFormat.PNG, new ImageDimensions(20, 10)));
  }

  @Test
  void rejectsAHeaderClaimingMorePixelsThanAllowed() {
    assertThat(limits.check(TestImages.pngHeader(60_000, 60_000)))
        .isInstanceOf(ImageVerdict.Rejected.class);
    assertThat(limits.check(TestImages.webpExtended(8000, 5001)))
        .isInstanceOf(ImageVerdict.Rejected.class);
    assertThat(limits.check(TestImages.webpExtended(8000, 5000)))
        .isInstanceOf(ImageVerdict.Accepted.class);
  }

  @Test
  void rejectsMoreBytesThanAllowed() {
    byte[] png = Arrays.copyOf(TestImages.png(20, 10), 64 * 1024 + 1);

    assertThat(limits.check(png)).isInstanceOf(ImageVerdict.Rejected.class);
  }

  @Test
  void rejectsWhatIsNotAnImage() {
    ImageVerdict verdict = limits.check("%PDF-1.7".getBytes(StandardCharsets.US_ASCII));

    assertThat(verdict)
        .isEqualTo(
            new ImageVerdict.Rejected(
                ImageVerdict.Flaw.NOT_AN_IMAGE, "not a JPEG, PNG, WebP or GIF image"));
  }

  @Test
  void acceptsRealFilesOfEachFormat() {
    for (byte[] image : realFiles()) {
      assertThat(limits.check(image)).isInstanceOf(ImageVerdict.Accepted.class);
    }
  }

  @Test
  void rejectsEveryTruncationOfARealFileOfEachFormat() {
    for (byte[] image : realFiles()) {
      ImageFormat format = ImageFormat.sniff(image).orElseThrow();
      for (int length = 0; length < image.length; length++) {
        assertThat(limits.check(Arrays.copyOf(image, length)))
            .as("%s cut to %d of %d bytes", format, length, image.length)
            .isInstanceOf(ImageVerdict.Rejected.class);
      }
    }
  }

  @Test
  void acceptsBytesAfterTheEndOfAnImage() {
    byte[] jpeg = TestImages.jpeg(30, 20);
    byte[] withTrailer = Arrays.copyOf(jpeg, jpeg.length + 64); // e.g. a maker's preview

    assertThat(limits.check(withTrailer)).isInstanceOf(ImageVerdict.Accepted.class);
  }

  @Test
  void rejectsABombHiddenBehindASmallWebpCanvasOrGifScreen() {
    assertThat(limits.check(TestImages.webpExtended(100, 100, 16383, 16383)))
        .isInstanceOf(ImageVerdict.Rejected.class);
    assertThat(limits.check(TestImages.webpAnimated(100, 16000, 16000)))
        .isInstanceOf(ImageVerdict.Rejected.class);
    assertThat(limits.check(TestImages.gifWithFrame(10, 10, 30_000, 30_000)))
        .isInstanceOf(ImageVerdict.Rejected.class);
  }

  @Test
  void rejectsAJpegOfMoreScansThanAnyEncoderWrites() {
    // Within the byte and pixel limits, but every scan would make the decoder go over all
    // 620 000 blocks of the canvas once more. The bound is FileEnds.MAX_JPEG_SCANS, 100.
    PhotoLimits defaults = PhotoLimits.DEFAULTS;

    assertThat(defaults.check(progressiveJpeg(6000, 6600, 101)))
        .isEqualTo(
            new ImageVerdict.Rejected(
                ImageVerdict.Flaw.MALFORMED, "JPEG file is truncated or malformed"));
    assertThat(defaults.check(progressiveJpeg(6000, 6600, 100)))
        .isEqualTo(new ImageVerdict.Accepted(ImageFormat.JPEG, new ImageDimensions(6000, 6600)));
  }

  @Test
  void acceptsAProgressiveJpegOfTheJdkEncoder() throws IOException {
    byte[] jpeg = progressiveJpeg(TestImages.jpeg(300, 200));

    assertThat(startsOfScan(jpeg)).isEqualTo(10); // libjpeg's progressive script for colour
    assertThat(limits.check(jpeg))
        .isEqualTo(new ImageVerdict.Accepted(ImageFormat.JPEG, new ImageDimensions(300, 200)));
  }

  /**
   * A progressive JPEG's structure with {@code scans} scans of one grey component, each a
   * start-of-scan header and a few bytes of entropy-coded data (an end-of-band run, with a stuffed
   * 0xFF in it): what the structure check walks, not a decodable image.
   */
  private static byte[] progressiveJpeg(int width, int height, int scans) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    out.writeBytes(bytes(0xFF, 0xD8)); // SOI
    // SOF2: length, precision, height, width, one component (1, not subsampled, table 0)
    out.writeBytes(bytes(0xFF, 0xC2, 0, 11, 8, height >> 8, height, width >> 8, width, 1));
    out.writeBytes(bytes(1, 0x11, 0));
    for (int scan = 0; scan < scans; scan++) {
      out.writeBytes(bytes(0xFF, 0xDA, 0, 8, 1, 1, 0x00, 1, 63, 0x00)); // SOS: AC 1..63
      out.writeBytes(bytes(0xE5, 0xFF, 0x00, 0x3F)); // entropy-coded data
    }
    out.writeBytes(bytes(0xFF, 0xD9)); // EOI
    return out.toByteArray();
  }

  /** {@code baseline} re-encoded by the JDK's JPEG writer in its default progressive mode. */
  private static byte[] progressiveJpeg(byte[] baseline) throws IOException {
    BufferedImage image = ImageIO.read(new ByteArrayInputStream(baseline));
    ImageWriter writer = ImageIO.getImageWritersByFormatName("jpeg").next();
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    try (MemoryCacheImageOutputStream stream = new MemoryCacheImageOutputStream(out)) {
      writer.setOutput(stream);
      ImageWriteParam param = writer.getDefaultWriteParam();
      param.setProgressiveMode(ImageWriteParam.MODE_DEFAULT);
      writer.write(null, new IIOImage(image, null, null), param);
    } finally {
      writer.dispose();
    }
    return out.toByteArray();
  }

  /**
   * How many start-of-scan markers {@code jpeg} holds, counting every 0xFF 0xDA: entropy-coded data
   * never has one (a 0xFF there is followed by 0x00 or a restart marker), and the JDK writes no
   * other segment that happens to.
   */
  private static int startsOfScan(byte[] jpeg) {
    int count = 0;
    for (int at = 0; at + 1 < jpeg.length; at++) {
      if (jpeg[at] == (byte) 0xFF && jpeg[at + 1] == (byte) 0xDA) {
        count++;
      }
    }
    return count;
  }

  private static byte[] bytes(int... values) {
    byte[] bytes = new byte[values.length];
    for (int i = 0; i < values.length; i++) {
      bytes[i] = (byte) values[i];
    }
    return bytes;
  }

  private static List<byte[]> realFiles() {
    return List.of(
        TestImages.jpeg(50, 40),
        TestImages.png(50, 40),
        TestImages.gif(50, 40),
        TestImages.WEBP_LOSSY,
        TestImages.WEBP_LOSSLESS,
        TestImages.WEBP_ALPHA);
  }

  @Test
  void rejectsATruncatedFile() {
    assertThat(limits.check(Arrays.copyOf(TestImages.jpeg(50, 50), 30)))
        .isInstanceOf(ImageVerdict.Rejected.class);
  }
}
