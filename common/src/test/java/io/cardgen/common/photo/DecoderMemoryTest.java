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
        .isEqualTo((640L + 16) * (480 + 16) * 3 * 2);
  }

  @Test
  void aBaselineJpegAndTheHeapDecodedFormatsTakeNextToNothing() {
    assertThat(DecoderMemory.nativeBytes(ImageFormat.JPEG, TestImages.jpeg(640, 480))).isZero();
    assertThat(DecoderMemory.nativeBytes(ImageFormat.PNG, TestImages.png(640, 480))).isZero();
    assertThat(DecoderMemory.nativeBytes(ImageFormat.GIF, TestImages.gif(64, 48))).isZero();
  }

  @Test
  void anUnreadableHeaderCountsAsNothingSinceItIsRefusedBeforeDecoding() {
    assertThat(DecoderMemory.nativeBytes(ImageFormat.JPEG, new byte[] {(byte) 0xFF, (byte) 0xD8}))
        .isZero();
  }
}
