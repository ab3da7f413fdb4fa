package io.cardgen.common.photo;

import static org.assertj.core.api.Assertions.assertThat;

import io.cardgen.testsupport.TestImages;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

class ImageDimensionsTest {

  @Test
  void readsTheSizeOfRealJpegPngAndGifFiles() {
    assertThat(read(ImageFormat.JPEG, TestImages.jpeg(37, 23))).isEqualTo("37x23");
    assertThat(read(ImageFormat.PNG, TestImages.png(41, 7))).isEqualTo("41x7");
    assertThat(read(ImageFormat.GIF, TestImages.gif(5, 64))).isEqualTo("5x64");
  }

  @Test
  void readsEachKindOfWebpHeader() {
    assertThat(read(ImageFormat.WEBP, TestImages.webpExtended(1920, 1080))).isEqualTo("1920x1080");
    assertThat(read(ImageFormat.WEBP, TestImages.webpLossless(300, 16383))).isEqualTo("300x16383");
    assertThat(read(ImageFormat.WEBP, TestImages.webpLossy(640, 480))).isEqualTo("640x480");
  }

  @Test
  void readsRealWebpFilesOfEachKind() {
    assertThat(read(ImageFormat.WEBP, TestImages.WEBP_LOSSY)).isEqualTo("40x30");
    assertThat(read(ImageFormat.WEBP, TestImages.WEBP_LOSSLESS)).isEqualTo("40x30");
    assertThat(read(ImageFormat.WEBP, TestImages.WEBP_ALPHA)).isEqualTo("40x30");
  }

  @Test
  void takesTheLargestSizeAnExtendedWebpDeclaresAnywhere() {
    assertThat(read(ImageFormat.WEBP, TestImages.webpExtended(10, 10, 16000, 9000)))
        .isEqualTo("16000x9000");
    assertThat(read(ImageFormat.WEBP, TestImages.webpAnimated(16, 20000, 30000)))
        .isEqualTo("20000x30000");
  }

  @Test
  void findsNoSizeInAnExtendedWebpWithoutImageData() {
    byte[] canvasOnly = Arrays.copyOf(TestImages.webpExtended(64, 64), 30);

    assertThat(ImageDimensions.read(ImageFormat.WEBP, canvasOnly)).isEmpty();
  }

  @Test
  void readsTheSizeAHeaderClaimsWithoutAnyPixels() {
    assertThat(read(ImageFormat.PNG, TestImages.pngHeader(60_000, 60_000)))
        .isEqualTo("60000x60000");
  }

  @Test
  void skipsJpegSegmentsBeforeTheFrameHeader() {
    byte[] jpeg = TestImages.jpeg(12, 34);
    byte[] comment = {(byte) 0xFF, (byte) 0xFE, 0x00, 0x06, 'h', 'i', '!', '!'};
    byte[] withComment = new byte[jpeg.length + comment.length];
    System.arraycopy(jpeg, 0, withComment, 0, 2);
    System.arraycopy(comment, 0, withComment, 2, comment.length);
    System.arraycopy(jpeg, 2, withComment, 2 + comment.length, jpeg.length - 2);

    assertThat(read(ImageFormat.JPEG, withComment)).isEqualTo("12x34");
  }

  @Test
  void widensAGifToAFrameThatReachesBeyondItsScreen() {
    byte[] gif = TestImages.gifWithFrame(10, 10, 30_000, 30_000);

    assertThat(read(ImageFormat.GIF, gif)).isEqualTo("30000x30000");
  }

  @Test
  void rejectsTruncatedHeaders() {
    assertThat(ImageDimensions.read(ImageFormat.JPEG, cut(TestImages.jpeg(30, 30), 40))).isEmpty();
    assertThat(ImageDimensions.read(ImageFormat.PNG, cut(TestImages.png(30, 30), 20))).isEmpty();
    assertThat(ImageDimensions.read(ImageFormat.GIF, cut(TestImages.gif(30, 30), 9))).isEmpty();
    assertThat(ImageDimensions.read(ImageFormat.WEBP, cut(TestImages.webpExtended(9, 9), 26)))
        .isEmpty();
  }

  @Test
  void rejectsHeadersThatBreakTheirFormat() {
    byte[] png = TestImages.png(30, 30);
    png[12] = 'X'; // first chunk is no longer IHDR
    byte[] zeroWidth = TestImages.pngHeader(0, 10);
    byte[] gifWithoutFrames = cut(TestImages.gif(4, 4), 13);

    assertThat(ImageDimensions.read(ImageFormat.PNG, png)).isEmpty();
    assertThat(ImageDimensions.read(ImageFormat.PNG, zeroWidth)).isEmpty();
    assertThat(ImageDimensions.read(ImageFormat.GIF, gifWithoutFrames)).isEmpty();
  }

  private static String read(ImageFormat format, byte[] image) {
    return ImageDimensions.read(format, image).map(ImageDimensions::toString).orElse("unreadable");
  }

  private static byte[] cut(byte[] bytes, int length) {
    return Arrays.copyOf(bytes, length);
  }
}
