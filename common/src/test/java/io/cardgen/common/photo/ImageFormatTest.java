package io.cardgen.common.photo;

import static org.assertj.core.api.Assertions.assertThat;

import io.cardgen.testsupport.TestImages;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

class ImageFormatTest {

  @Test
  void recognisesEachFormatByItsMagicBytes() {
    assertThat(ImageFormat.sniff(TestImages.jpeg(8, 8))).contains(ImageFormat.JPEG);
    assertThat(ImageFormat.sniff(TestImages.png(8, 8))).contains(ImageFormat.PNG);
    assertThat(ImageFormat.sniff(TestImages.gif(8, 8))).contains(ImageFormat.GIF);
    assertThat(ImageFormat.sniff(TestImages.webpExtended(8, 8))).contains(ImageFormat.WEBP);
  }

  @Test
  void needsOnlyTheFirstTwelveBytes() {
    byte[] head = Arrays.copyOf(TestImages.webpLossless(8, 8), ImageFormat.SNIFF_LENGTH);

    assertThat(ImageFormat.sniff(head)).contains(ImageFormat.WEBP);
  }

  @Test
  void recognisesNothingElse() {
    assertThat(ImageFormat.sniff(ascii("<html><body>photo</body></html>"))).isEmpty();
    assertThat(ImageFormat.sniff(ascii("RIFF\0\0\0\0WAVEfmt "))).isEmpty();
    assertThat(ImageFormat.sniff(ascii("GIF88a"))).isEmpty();
    assertThat(ImageFormat.sniff(new byte[] {(byte) 0xFF, (byte) 0xD8})).isEmpty();
    assertThat(ImageFormat.sniff(new byte[0])).isEmpty();
  }

  @Test
  void namesTheStoredTypeAndExtension() {
    assertThat(ImageFormat.JPEG.mimeType()).isEqualTo("image/jpeg");
    assertThat(ImageFormat.JPEG.extension()).isEqualTo("jpg");
    assertThat(ImageFormat.ofExtension("webp")).contains(ImageFormat.WEBP);
    assertThat(ImageFormat.ofExtension("jpeg")).isEmpty();
  }

  private static byte[] ascii(String text) {
    return text.getBytes(StandardCharsets.ISO_8859_1);
  }
}
