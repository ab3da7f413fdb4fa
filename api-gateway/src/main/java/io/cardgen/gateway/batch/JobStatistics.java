package io.cardgen.gateway.batch;

import java.time.Duration;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.LongSupplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Component;

/**
 * Refreshes PostgreSQL's statistics of {@code jobs} once a large batch is recorded, as after any
 * bulk load. The workers' batch claim is planned from them: taken before the batch existed, they
 * say almost nothing is queued, and for one queued row a plan that reads the whole queue looks as
 * cheap as the indexed one, so every claim of the batch read all its items (7–17 ms instead of 1.6
 * per call, {@code docs/performance.md}, "Batches"). Autovacuum would only notice once a tenth of
 * the table had changed, which one batch in a table of millions of jobs never does.
 *
 * <p>It runs after the batch's commit, on a thread of its own: the creation's answer does not wait
 * for it. At most one refresh starts per {@code analyze-min-interval}: a catalogue import of many
 * large batches in a row would otherwise keep an {@code ANALYZE} running back to back, although
 * only the first batch on an empty queue changes the plan. Batches recorded meanwhile share one
 * refresh at the end of the interval, so the last of them is still counted.
 */
@Component
class JobStatistics implements AutoCloseable {

  private static final Logger log = LoggerFactory.getLogger(JobStatistics.class);
  private static final long NEVER = Long.MIN_VALUE;

  private final Runnable refresh;
  private final int afterItems;
  private final long minIntervalNanos;
  private final LongSupplier nanoTime;
  private final ScheduledExecutorService thread;
  private final AtomicBoolean pending = new AtomicBoolean();
  private volatile long lastStart = NEVER;

  @Autowired
  JobStatistics(JdbcClient jdbc, BatchProperties properties) {
    this(
        () -> jdbc.sql("ANALYZE jobs").update(),
        properties.analyzeAfterItems(),
        properties.analyzeMinInterval(),
        System::nanoTime,
        singleThread());
  }

  JobStatistics(
      Runnable refresh,
      int afterItems,
      Duration minInterval,
      LongSupplier nanoTime,
      ScheduledExecutorService thread) {
    this.refresh = refresh;
    this.afterItems = afterItems;
    this.minIntervalNanos = minInterval.toNanos();
    this.nanoTime = nanoTime;
    this.thread = thread;
  }

  private static ScheduledExecutorService singleThread() {
    ScheduledThreadPoolExecutor executor =
        new ScheduledThreadPoolExecutor(
            1,
            runnable -> {
              Thread analyzer = new Thread(runnable, "jobs-analyze");
              analyzer.setDaemon(true);
              return analyzer;
            });
    executor.setExecuteExistingDelayedTasksAfterShutdownPolicy(false);
    return executor;
  }

  /** Called once a batch of {@code items} is committed. */
  void batchRecorded(int items) {
    if (afterItems > 0 && items >= afterItems && pending.compareAndSet(false, true)) {
      thread.schedule(this::analyze, delayNanos(), TimeUnit.NANOSECONDS);
    }
  }

  /** How long a refresh asked for now waits: none, or the rest of the last one's interval. */
  private long delayNanos() {
    long previousStart = lastStart;
    if (previousStart == NEVER) {
      return 0;
    }
    return Math.max(0, previousStart + minIntervalNanos - nanoTime.getAsLong());
  }

  private void analyze() {
    pending.set(false);
    long start = nanoTime.getAsLong();
    lastStart = start;
    try {
      refresh.run();
      // One line per refresh: on a table of millions of jobs an operator may want its cost.
      log.info(
          "Refreshed the jobs table's statistics in {} ms",
          (nanoTime.getAsLong() - start) / 1_000_000);
    } catch (RuntimeException failure) {
      // Without the statistics the claims are slower, not wrong; autovacuum refreshes them later.
      log.warn("Could not refresh the jobs table's statistics: {}", failure.toString());
    }
  }

  @Override
  public void close() {
    thread.shutdownNow();
  }
}
