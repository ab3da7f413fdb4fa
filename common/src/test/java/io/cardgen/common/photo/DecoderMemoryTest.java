package io.cardgen.common.photo;

import static org.assertj.core.api.Assertions.assertThat;

import io.cardgen.testsupport.TestImages;
import org.junit.jupiter.api.Test;

class DecoderMemoryTest {

  @Test
  void aProgressiveJpegTakesTwoBytesPerPixelAndComponentAtMost() {
    byte[] progressive = TestImages.progressiveJpeg(640, 480);
    assertThat(progressive[3] & 0xFF).as("written with a frame header after JFIF").isNotZero();

    assertThat(DecoderMemory.nativeBytes(ImageFormat.JPEG, progressive))
        .isEqualTo((640L + 32) * (480 + 32) * 3 * 2);
  }

  @Test
  void aBaselineJpegAndTheHeapDecodedFormatsTakeNextToNothing() {
    assertThat(DecoderMemory.nativeBytes(ImageFormat.JPEG, TestImages.jpeg(640, 480))).isZero();
    assertThat(DecoderMemory.nativeBytes(ImageFormat.PNG, TestImages.png(640, 480))).isZero();
    assertThat(DecoderMemory.nativeBytes(ImageFormat.GIF, TestImages.gif(64, 48))).isZero();
  }

  @Test
  void aBaselineJpegCodedOneScanPerComponentIsBufferedWholeToo() {
    // SOF0 of 3 components, then a first scan of 1: libjpeg decodes it like a progressive one.
    assertThat(DecoderMemory.nativeBytes(ImageFormat.JPEG, baselineHeader(1)))
        .isEqualTo((4000L + 32) * (3000 + 32) * 3 * 2);
    assertThat(DecoderMemory.nativeBytes(ImageFormat.JPEG, baselineHeader(3))).isZero();
  }

  /** SOI, a SOF0 of 4000x3000 with three components, a DQT between, an SOS of {@code ns}. */
  private static byte[] baselineHeader(int ns) {
    java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
    int[] header = {
      0xFF,
      0xD8,
      0xFF,
      0xC0,
      0,
      17,
      8,
      3000 >> 8,
      3000 & 0xFF,
      4000 >> 8,
      4000 & 0xFF,
      3,
      1,
      0x22,
      0,
      2,
      0x11,
      1,
      3,
      0x11,
      1,
      0xFF,
      0xDB,
      0,
      4,
      0,
      0,
      0xFF,
      0xDA,
      0,
      6 + 2 * ns,
      ns
    };
    for (int b : header) {
      out.write(b);
    }
    for (int component = 1; component <= ns; component++) {
      out.write(component);
      out.write(0);
    }
    out.write(0);
    out.write(63);
    out.write(0);
    return out.toByteArray();
  }

  @Test
  void anUnreadableHeaderCountsAsNothingSinceItIsRefusedBeforeDecoding() {
    assertThat(DecoderMemory.nativeBytes(ImageFormat.JPEG, new byte[] {(byte) 0xFF, (byte) 0xD8}))
        .isZero();
  }
}
