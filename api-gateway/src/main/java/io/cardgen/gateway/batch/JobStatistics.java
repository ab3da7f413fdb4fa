package io.cardgen.gateway.batch;

import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicBoolean;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
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
 * for it, and batches recorded while one runs share the next.
 */
@Component
class JobStatistics implements AutoCloseable {

  private static final Logger log = LoggerFactory.getLogger(JobStatistics.class);

  private final JdbcClient jdbc;
  private final int afterItems;
  private final AtomicBoolean pending = new AtomicBoolean();
  private final ExecutorService thread =
      Executors.newSingleThreadExecutor(
          runnable -> {
            Thread analyzer = new Thread(runnable, "jobs-analyze");
            analyzer.setDaemon(true);
            return analyzer;
          });

  JobStatistics(JdbcClient jdbc, BatchProperties properties) {
    this.jdbc = jdbc;
    this.afterItems = properties.analyzeAfterItems();
  }

  /** Called once a batch of {@code items} is committed. */
  void batchRecorded(int items) {
    if (afterItems > 0 && items >= afterItems && pending.compareAndSet(false, true)) {
      thread.execute(this::analyze);
    }
  }

  private void analyze() {
    pending.set(false);
    long start = System.nanoTime();
    try {
      jdbc.sql("ANALYZE jobs").update();
      // One line per large batch: on a table of millions of jobs an operator may want its cost.
      log.info(
          "Refreshed the jobs table's statistics in {} ms",
          (System.nanoTime() - start) / 1_000_000);
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
