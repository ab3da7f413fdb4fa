package io.cardgen.standalone;

import static org.assertj.core.api.Assertions.assertThat;

import io.cardgen.testsupport.TestImages;
import java.awt.image.BufferedImage;
import java.io.ByteArrayOutputStream;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;

/**
 * Photos whose model copies alone fill the worker's photo memory budget: though it may run a
 * thousand jobs, it starts them one at a time (and has at most one more claimed, waiting for room
 * on the consumer thread instead of polling), and every card still succeeds.
 */
class PhotoMemoryBudgetIT {

  private static final int REQUESTS = 4;

  @Test
  void startsNoMoreLargePhotoJobsThanTheBudgetHolds() throws Exception {
    try (TestStack stack =
        TestStack.start(
            // Long enough for the 20-ms sampling to see every job that runs at once (were the
            // budget ignored, all four would run together for the whole latency); the jobs run one
            // after another, so each millisecond here is paid four times.
            Map.of("CARDGEN_SIMULATOR_LATENCY_MS", "500"),
            "--cardgen.worker.memory.photo-bytes=1MB",
            "--cardgen.worker.memory.per-photo=1MB")) {
      AtomicInteger mostRunning = new AtomicInteger();
      ScheduledExecutorService watcher = Executors.newSingleThreadScheduledExecutor();
      watcher.scheduleWithFixedDelay(
          () -> mostRunning.accumulateAndGet(running(stack), Math::max),
          0,
          20,
          TimeUnit.MILLISECONDS);
      List<Integer> statuses;
      try {
        statuses = sendLargePhotos(stack);
      } finally {
        watcher.shutdownNow();
      }

      assertThat(statuses).containsOnly(200);
      System.out.println("Most jobs running at once: " + mostRunning.get());
      assertThat(mostRunning.get()).isBetween(1, 2);
    }
  }

  private static int running(TestStack stack) {
    return stack
        .jdbc()
        .sql("SELECT count(*) FROM jobs WHERE state = 'RUNNING'")
        .query(Integer.class)
        .single();
  }

  private static List<Integer> sendLargePhotos(TestStack stack) throws Exception {
    Map<String, String> bodies = new LinkedHashMap<>();
    for (int index = 0; index < REQUESTS; index++) {
      bodies.put(
          "large-" + index,
          """
          {"image_url": "%s", "short_description": "Фотообои с пейзажем номер %d",
           "style": "standard", "length": 300}
          """
              .formatted(TestImages.dataUri("image/png", noise(index)), index));
    }
    return ParallelCards.send(stack, bodies);
  }

  /** About 480 KB that PNG cannot compress, small enough in pixels to go to the model as is. */
  private static byte[] noise(int seed) throws Exception {
    BufferedImage image = new BufferedImage(400, 400, BufferedImage.TYPE_INT_RGB);
    Random random = new Random(seed);
    for (int y = 0; y < 400; y++) {
      for (int x = 0; x < 400; x++) {
        image.setRGB(x, y, random.nextInt(0x1000000));
      }
    }
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ImageIO.write(image, "png", out);
    return out.toByteArray();
  }
}
