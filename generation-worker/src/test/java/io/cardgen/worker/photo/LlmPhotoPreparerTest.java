package io.cardgen.worker.photo;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import io.cardgen.common.photo.ImageFormat;
import io.cardgen.common.photo.PhotoLimits;
import io.cardgen.common.stage.OldestFirstGate;
import io.cardgen.testsupport.TestImages;
import java.awt.Color;
import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Arrays;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;

class LlmPhotoPreparerTest {

  private static final int MAX_SIDE = 256;
  private final LlmPhotoPreparer preparer =
      new LlmPhotoPreparer(new PhotoLimits(8 * 1024 * 1024, 40_000_000), MAX_SIDE, 0.85f, 2);

  @Test
  void scalesLargerPhotosOfEachFormatDownToTheLongestSide() throws IOException {
    assertScaled(TestImages.jpeg(1600, 900), 256, 144);
    assertScaled(TestImages.png(900, 1600), 144, 256);
    assertScaled(TestImages.gif(1000, 333), 256, 85);
    assertScaled(TestImages.jpeg(257, 257), 256, 256);
  }

  @Test
  void decodesRealWebpFilesOfEachKindAndScalesThem() throws IOException {
    LlmPhotoPreparer tiny =
        new LlmPhotoPreparer(new PhotoLimits(1024 * 1024, 1_000_000), 20, 0.85f, 1);

    for (byte[] webp :
        new byte[][] {TestImages.WEBP_LOSSY, TestImages.WEBP_LOSSLESS, TestImages.WEBP_ALPHA}) {
      LlmCopy.Ready copy = ready(tiny.prepare(webp));

      assertThat(decodedSize(copy)).isEqualTo("20x15");
    }
  }

  @Test
  void passesAPhotoThatFitsOnUnchanged() {
    for (byte[] photo :
        new byte[][] {TestImages.jpeg(256, 100), TestImages.png(30, 256), TestImages.WEBP_LOSSY}) {
      LlmCopy.Ready copy = ready(preparer.prepare(photo));

      assertThat(copy.bytes()).isSameAs(photo);
      assertThat(Math.max(copy.width(), copy.height())).isLessThanOrEqualTo(MAX_SIDE);
    }
  }

  @Test
  void reEncodesAGifThatFitsSinceProvidersTakeNoAnimation() throws IOException {
    LlmCopy.Ready copy = ready(preparer.prepare(TestImages.gif(64, 48)));

    assertThat(copy.format()).isEqualTo(ImageFormat.JPEG);
    assertThat(decodedSize(copy)).isEqualTo("64x48");
  }

  @Test
  void keepsTransparencyAsPngAndWritesOpaquePhotosAsJpeg() throws IOException {
    LlmCopy.Ready cutOut = ready(preparer.prepare(TestImages.pngWithAlpha(800, 600, false)));
    LlmCopy.Ready opaque = ready(preparer.prepare(TestImages.pngWithAlpha(800, 600, true)));

    assertThat(cutOut.format()).isEqualTo(ImageFormat.PNG);
    assertThat(decode(cutOut).getRGB(0, 0) >>> 24).isZero();
    assertThat(opaque.format()).isEqualTo(ImageFormat.JPEG);
    assertThat(decodedSize(opaque)).isEqualTo("256x192");
  }

  @Test
  void turnsASidewaysPhoneJpegUprightForTheModel() throws IOException {
    byte[] sideways = TestImages.withExifOrientation(TestImages.redLeftBlueRight(200, 100), 6);

    LlmCopy.Ready copy = ready(preparer.prepare(sideways));

    BufferedImage upright = decode(copy);
    assertThat(upright.getWidth() + "x" + upright.getHeight()).isEqualTo("100x200");
    assertThat(new Color(upright.getRGB(50, 10)).getRed()).isGreaterThan(200); // left is now top
    assertThat(new Color(upright.getRGB(50, 190)).getBlue()).isGreaterThan(200);
  }

  @Test
  void readsEachExifOrientationAndIgnoresBrokenMetadata() {
    for (int orientation = 1; orientation <= 8; orientation++) {
      byte[] jpeg = TestImages.withExifOrientation(TestImages.jpeg(8, 8), orientation);
      assertThat(ExifOrientation.of(jpeg)).isEqualTo(orientation);
    }
    byte[] tagged = TestImages.withExifOrientation(TestImages.jpeg(8, 8), 6);
    assertThat(ExifOrientation.of(TestImages.jpeg(8, 8))).isEqualTo(1);
    assertThat(ExifOrientation.of(Arrays.copyOf(tagged, 24))).isEqualTo(1);
  }

  @Test
  void refusesAPhotoOverThePixelLimitBeforeDecodingIt() {
    LlmPhotoPreparer strict = new LlmPhotoPreparer(new PhotoLimits(1 << 20, 10_000), 64, 0.8f, 1);

    assertThat(strict.prepare(TestImages.png(101, 100)))
        .isEqualTo(
            new LlmCopy.Unusable(
                "PNG of 101x100 is over the limit of 10000 px",
                PhotoProblem.of(PhotoProblem.Kind.TOO_MANY_PIXELS)));
    assertThat(preparer.prepare(TestImages.pngHeader(60_000, 60_000)))
        .isEqualTo(
            new LlmCopy.Unusable(
                "PNG of 60000x60000 is over the limit of 40000000 px",
                PhotoProblem.of(PhotoProblem.Kind.TOO_MANY_PIXELS)));
  }

  @Test
  void refusesTruncatedFilesAndWholeFilesThatDoNotDecode() {
    byte[] jpeg = TestImages.jpeg(300, 200);

    assertThat(preparer.prepare(Arrays.copyOf(jpeg, jpeg.length - 2)))
        .isInstanceOf(LlmCopy.Unusable.class);
    assertThat(preparer.prepare(withGarbledImageData(TestImages.png(300, 200), 0)))
        .isInstanceOf(LlmCopy.Unusable.class);
  }

  @Test
  void refusesAPhotoThatFitsWhenTheEndOfItsImageDataDoesNotDecode() {
    byte[] fits = TestImages.png(200, 150);

    assertThat(preparer.prepare(fits)).isInstanceOf(LlmCopy.Ready.class);
    assertThat(preparer.prepare(withGarbledImageData(fits, 0.5)))
        .isInstanceOf(LlmCopy.Unusable.class);
  }

  @Test
  void givesUpWaitingToDecodeWhenTheThreadIsInterrupted() {
    LlmPhotoPreparer single =
        new LlmPhotoPreparer(new PhotoLimits(1 << 20, 1_000_000), MAX_SIDE, 0.85f, 1);
    byte[] photo = TestImages.jpeg(300, 200);

    Thread.currentThread().interrupt(); // as a stopping worker does to a job past its drain
    try {
      assertThatThrownBy(() -> single.prepare(photo))
          .isInstanceOf(LlmPhotoPreparer.DecodeInterrupted.class);
      assertThat(Thread.currentThread().isInterrupted()).isTrue();
    } finally {
      Thread.interrupted();
    }
    // Its only permit was not taken, so the next photo is decoded as usual.
    assertThat(single.prepare(photo)).isInstanceOf(LlmCopy.Ready.class);
  }

  @Test
  void aProgressiveJpegWaitsForItsMemoryOutsideTheHeapWhileOthersDecode() throws Exception {
    DecodeBudget budget = new DecodeBudget(4L * 1024 * 1024);
    LlmPhotoPreparer bounded =
        new LlmPhotoPreparer(new PhotoLimits(1 << 20, 1_000_000), MAX_SIDE, 0.85f, 2, budget);
    byte[] progressive = TestImages.progressiveJpeg(600, 400);
    ExecutorService thread = Executors.newSingleThreadExecutor();
    try {
      Future<LlmCopy> waiting;
      try (DecodeBudget.Share taken = budget.take(4L * 1024 * 1024 - 1024)) {
        waiting = thread.submit(() -> bounded.prepare(progressive));
        await().atMost(Duration.ofSeconds(10)).until(() -> budget.waiting() == 1);

        // A baseline JPEG needs no such memory and is decoded meanwhile.
        assertThat(bounded.prepare(TestImages.jpeg(600, 400))).isInstanceOf(LlmCopy.Ready.class);
        assertThat(waiting).isNotDone();
      }

      assertThat(waiting.get()).isInstanceOf(LlmCopy.Ready.class);
      assertThat(budget.free()).isEqualTo(4L * 1024 * 1024);
    } finally {
      thread.shutdownNow();
    }
  }

  @Test
  void aDecodeWaitsForItsMemoryOutsideTheStageGatePermitItsJobHolds() throws Exception {
    DecodeBudget budget = new DecodeBudget(4L * 1024 * 1024);
    LlmPhotoPreparer bounded =
        new LlmPhotoPreparer(new PhotoLimits(1 << 20, 1_000_000), MAX_SIDE, 0.85f, 2, budget);
    OldestFirstGate gate = new OldestFirstGate(1, Duration.ofMinutes(10));
    LlmPhotoPreparer.MemoryWait outsideTheGate =
        wait ->
            gate.outside(
                () -> {
                  wait.run();
                  return null;
                });
    byte[] progressive = TestImages.progressiveJpeg(600, 400);
    ExecutorService thread = Executors.newSingleThreadExecutor();
    try {
      // Free memory: taken at once, the permit is never given up.
      assertThat(gate.run(1, () -> bounded.prepare(progressive, gateMustNotBeLeft())))
          .isInstanceOf(LlmCopy.Ready.class);

      Future<LlmCopy> waiting;
      try (DecodeBudget.Share taken = budget.take(4L * 1024 * 1024 - 1024)) {
        waiting =
            thread.submit(() -> gate.run(1, () -> bounded.prepare(progressive, outsideTheGate)));
        await().atMost(Duration.ofSeconds(10)).until(() -> budget.waiting() == 1);

        // The only permit is free while the job waits: a later job's section runs meanwhile.
        assertThat(gate.inUse()).isZero();
        assertThat(gate.run(2, () -> "ran")).isEqualTo("ran");
        assertThat(waiting).isNotDone();
      }

      assertThat(waiting.get()).isInstanceOf(LlmCopy.Ready.class);
      assertThat(gate.inUse()).isZero();
      assertThat(gate.bypassed()).isZero();
    } finally {
      thread.shutdownNow();
    }
  }

  private static LlmPhotoPreparer.MemoryWait gateMustNotBeLeft() {
    return wait -> {
      throw new AssertionError("stepped out of the gate although the memory was free");
    };
  }

  private void assertScaled(byte[] photo, int width, int height) throws IOException {
    LlmCopy.Ready copy = ready(preparer.prepare(photo));

    assertThat(copy.bytes()).isNotSameAs(photo);
    assertThat(decodedSize(copy)).isEqualTo(width + "x" + height);
    assertThat(copy.width() + "x" + copy.height()).isEqualTo(width + "x" + height);
  }

  private static LlmCopy.Ready ready(LlmCopy copy) {
    assertThat(copy).isInstanceOf(LlmCopy.Ready.class);
    return (LlmCopy.Ready) copy;
  }

  private static String decodedSize(LlmCopy.Ready copy) throws IOException {
    BufferedImage image = decode(copy);
    return image.getWidth() + "x" + image.getHeight();
  }

  private static BufferedImage decode(LlmCopy.Ready copy) throws IOException {
    assertThat(ImageFormat.sniff(copy.bytes())).contains(copy.format());
    if (copy.format() == ImageFormat.WEBP) {
      return PhotoDecoder.decode(copy.bytes(), ImageFormat.WEBP, 1);
    }
    return ImageIO.read(new ByteArrayInputStream(copy.bytes()));
  }

  /**
   * The PNG with its first IDAT chunk's data overwritten from {@code from} (a fraction of its
   * length) on; chunk structure and length intact.
   */
  private static byte[] withGarbledImageData(byte[] png, double from) {
    byte[] garbled = png.clone();
    ByteBuffer bytes = ByteBuffer.wrap(garbled);
    int pos = 8;
    while (!new String(garbled, pos + 4, 4, StandardCharsets.US_ASCII).equals("IDAT")) {
      pos += 12 + bytes.getInt(pos);
    }
    int length = bytes.getInt(pos);
    Arrays.fill(garbled, pos + 8 + (int) (length * from), pos + 8 + length, (byte) 0x5A);
    return garbled;
  }
}
