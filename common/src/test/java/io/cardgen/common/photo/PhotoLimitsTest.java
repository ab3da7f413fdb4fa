package io.cardgen.common.photo;

import static org.assertj.core.api.Assertions.assertThat;

import io.cardgen.testsupport.TestImages;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
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

    assertThat(verdict).isEqualTo(new ImageVerdict.Rejected("not a JPEG, PNG, WebP or GIF image"));
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
