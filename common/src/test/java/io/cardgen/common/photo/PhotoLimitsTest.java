package io.cardgen.common.photo;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
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
  void rejectsATruncatedFile() {
    assertThat(limits.check(Arrays.copyOf(TestImages.jpeg(50, 50), 30)))
        .isInstanceOf(ImageVerdict.Rejected.class);
  }
}
