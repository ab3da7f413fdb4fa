package io.cardgen.gateway.photo;

import static org.assertj.core.api.Assertions.assertThat;

import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A run waits on the store on a thread of its own, not on Spring's scheduler thread, which on Java
 * 17 is the only one and also flushes the published marks every 100 ms (review finding); a run
 * still going is not joined by a second, and however many runs are asked for meanwhile, one more
 * follows it, for what was queued after it started (an admin delete's photos).
 */
class PhotoRemovalScheduleTest {

  private final CountDownLatch storeAnswers = new CountDownLatch(1);
  private final CountDownLatch runStarted = new CountDownLatch(1);
  private final AtomicInteger runs = new AtomicInteger();

  /** Its store hangs until released. */
  private final JobPhotoRemoval hanging =
      new JobPhotoRemoval(null, null, true, new SimpleMeterRegistry()) {
        @Override
        public int removeDue(int limit) {
          runs.incrementAndGet();
          runStarted.countDown();
          try {
            storeAnswers.await();
          } catch (InterruptedException stopped) {
            Thread.currentThread().interrupt();
          }
          return 0;
        }

        @Override
        public void measureBacklog() {}
      };

  @Test
  @Timeout(20)
  void aRunWaitingOnTheStoreHoldsNeitherTheSchedulerNorASecondRun() throws Exception {
    PhotoRemovalSchedule schedule = new PhotoRemovalSchedule(hanging);

    schedule.scheduled();
    assertThat(runStarted.await(10, TimeUnit.SECONDS)).isTrue();
    schedule.scheduled();
    schedule.runSoon();
    schedule.runSoon();
    assertThat(runs.get()).as("none beside the hanging one").isEqualTo(1);
    storeAnswers.countDown();
    schedule.destroy(); // waits for whatever was queued

    assertThat(runs.get())
        .as("the hanging run, then one for all that was asked meanwhile")
        .isEqualTo(2);
  }
}
