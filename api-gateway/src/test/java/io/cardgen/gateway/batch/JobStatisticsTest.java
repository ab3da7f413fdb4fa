package io.cardgen.gateway.batch;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatNoException;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * When the jobs table's statistics are refreshed: after a large batch, at most once per interval,
 * with the batches recorded meanwhile sharing one refresh at its end. The refresh itself (an
 * ANALYZE that PostgreSQL counts) is BatchStatisticsIT's.
 */
class JobStatisticsTest {

  private static final Duration INTERVAL = Duration.ofMinutes(1);

  private final AtomicLong now = new AtomicLong(1_000_000_000L);
  private final AtomicInteger refreshes = new AtomicInteger();
  private final ManualScheduler scheduler = new ManualScheduler();
  private final JobStatistics statistics =
      new JobStatistics(refreshes::incrementAndGet, 1000, INTERVAL, now::get, scheduler);

  @AfterEach
  void stop() {
    statistics.close();
  }

  @Test
  void aLargeBatchIsRefreshedAtOnceASmallOneNever() {
    statistics.batchRecorded(999);
    assertThat(scheduler.delays).isEmpty();

    statistics.batchRecorded(1000);
    scheduler.runAll();

    assertThat(scheduler.delays).containsExactly(Duration.ZERO);
    assertThat(refreshes).hasValue(1);
  }

  @Test
  void batchesRecordedBeforeTheRefreshRunsShareIt() {
    statistics.batchRecorded(5000);
    statistics.batchRecorded(5000);
    scheduler.runAll();

    assertThat(scheduler.delays).hasSize(1);
    assertThat(refreshes).hasValue(1);
  }

  @Test
  void aBatchWithinTheIntervalWaitsForItsEndAndLaterOnesShareThatRefresh() {
    statistics.batchRecorded(1000);
    scheduler.runAll();

    advance(Duration.ofSeconds(10));
    statistics.batchRecorded(1000);
    advance(Duration.ofSeconds(20));
    statistics.batchRecorded(1000);

    assertThat(scheduler.delays).containsExactly(Duration.ZERO, Duration.ofSeconds(50));
    scheduler.runAll();
    assertThat(refreshes).hasValue(2);
  }

  @Test
  void aBatchAfterTheIntervalIsRefreshedAtOnce() {
    statistics.batchRecorded(1000);
    scheduler.runAll();

    advance(Duration.ofSeconds(61));
    statistics.batchRecorded(1000);

    assertThat(scheduler.delays).containsExactly(Duration.ZERO, Duration.ZERO);
  }

  @Test
  void aFailedRefreshIsLoggedAndTheNextBatchAsksAgain() {
    JobStatistics failing =
        new JobStatistics(
            () -> {
              refreshes.incrementAndGet();
              throw new IllegalStateException("must be owner of table jobs");
            },
            1000,
            Duration.ZERO,
            now::get,
            scheduler);
    failing.batchRecorded(1000);
    assertThatNoException().isThrownBy(scheduler::runAll);
    failing.batchRecorded(1000);
    scheduler.runAll();

    assertThat(refreshes).hasValue(2);
  }

  @Test
  void zeroItemsTurnsItOff() {
    JobStatistics off =
        new JobStatistics(refreshes::incrementAndGet, 0, INTERVAL, now::get, scheduler);
    off.batchRecorded(10_000);
    assertThat(scheduler.delays).isEmpty();
  }

  private void advance(Duration duration) {
    now.addAndGet(duration.toNanos());
  }

  /** Records each task's delay and runs the tasks only when the test says so. */
  private static final class ManualScheduler extends ScheduledThreadPoolExecutor {
    final List<Duration> delays = new ArrayList<>();
    private final List<Runnable> due = new ArrayList<>();

    ManualScheduler() {
      super(1);
    }

    @Override
    public ScheduledFuture<?> schedule(Runnable command, long delay, TimeUnit unit) {
      delays.add(Duration.ofNanos(unit.toNanos(delay)));
      due.add(command);
      return null;
    }

    void runAll() {
      List<Runnable> tasks = new ArrayList<>(due);
      due.clear();
      tasks.forEach(Runnable::run);
    }
  }
}
