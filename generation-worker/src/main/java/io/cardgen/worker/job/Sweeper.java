package io.cardgen.worker.job;

import io.cardgen.common.error.ErrorCode;
import java.sql.Timestamp;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.function.BooleanSupplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.scheduling.annotation.Scheduled;
import org.springframework.stereotype.Component;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * Keeps jobs moving when a worker or Kafka lets one drop. Every worker runs it; {@code FOR UPDATE
 * SKIP LOCKED} splits the rows between them, so no leader election is needed.
 *
 * <ul>
 *   <li>a RUNNING job whose lease expired more than the grace ago goes back to QUEUED (or fails
 *       with its credit released when it has no attempts left);
 *   <li>a QUEUED job never published, or published long ago and still unclaimed, is published;
 *       batch items are not (the batch feeder pulls them), but one with no attempts left fails;
 *   <li>a QUEUED item of a cancelling batch (its worker died or gave it back after the cancel) ends
 *       cancelled, since no feeder claims it any more.
 * </ul>
 *
 * <p>Each job that ends here ends in a transaction of its own, after the one that found it has
 * committed: an end locks the job's batch before the job and its account after both (the order a
 * cancel takes them), which a transaction already holding job rows could not keep; and a job whose
 * end fails (books that disagree) is logged and retried by the next sweep instead of undoing every
 * other job's end.
 */
@Component
class Sweeper {

  private static final Logger log = LoggerFactory.getLogger(Sweeper.class);
  private static final int BATCH = 200;

  private static final String EXPIRED =
      """
      SELECT id, attempts FROM jobs
      WHERE state = 'RUNNING' AND lease_until < :threshold
      ORDER BY lease_until LIMIT :batch FOR UPDATE SKIP LOCKED
      """;
  private static final String BACK_TO_QUEUE =
      """
      UPDATE jobs SET state = 'QUEUED', lease_owner = NULL, lease_until = NULL,
                      published_at = NULL, updated_at = :now
      WHERE id = :id AND state = 'RUNNING' AND lease_until < :threshold
      """;
  private static final String TO_PUBLISH =
      """
      SELECT id, idempotency_key, attempts FROM jobs
      WHERE state = 'QUEUED' AND batch_id IS NULL
        AND ((published_at IS NULL AND updated_at < :unpublishedBefore)
             OR published_at < :republishBefore)
      ORDER BY updated_at LIMIT :batch FOR UPDATE SKIP LOCKED
      """;
  // Batch items are never published (the feeder pulls them); one handed back with no attempts left
  // can no longer be claimed, so it fails here with its credit released.
  private static final String EXHAUSTED_ITEMS =
      """
      SELECT id FROM jobs
      WHERE state = 'QUEUED' AND batch_id IS NOT NULL AND attempts >= :maxAttempts
      LIMIT :batch
      """;
  private static final String ITEMS_OF_CANCELLING_BATCHES =
      """
      SELECT j.id FROM batches b JOIN jobs j ON j.batch_id = b.id
      WHERE b.status = 'cancelling' AND j.state = 'QUEUED'
      LIMIT :batch
      """;
  private static final String MARK_PUBLISHED =
      "UPDATE jobs SET published_at = :now WHERE id = :id AND state = 'QUEUED'";

  private record Expired(UUID id, int attempts) {}

  private record Unclaimed(UUID id, String idempotencyKey, int attempts) {}

  private final JdbcClient jdbc;
  private final TransactionTemplate transaction;
  private final JobCompletion completion;
  private final JobNotices notices;
  private final WorkerProperties properties;
  private final Clock clock;
  private final SweeperMeters meters;

  Sweeper(
      JdbcClient jdbc,
      TransactionTemplate transaction,
      JobCompletion completion,
      JobNotices notices,
      WorkerProperties properties,
      Clock clock,
      SweeperMeters meters) {
    this.meters = meters;
    this.jdbc = jdbc;
    this.transaction = transaction;
    this.completion = completion;
    this.notices = notices;
    this.properties = properties;
    this.clock = clock;
  }

  @Scheduled(
      fixedDelayString = "${cardgen.worker.sweep-interval:5s}",
      initialDelayString = "${cardgen.worker.sweep-interval:5s}")
  void sweep() {
    try {
      reclaimExpired();
      publishUnclaimed();
      failExhaustedBatchItems();
      cancelItemsOfCancellingBatches();
    } catch (RuntimeException failure) {
      log.warn("Sweep failed, next one retries: {}", failure.toString());
    }
  }

  void reclaimExpired() {
    Instant now = clock.instant();
    Timestamp threshold = Timestamp.from(now.minus(properties.sweeperGrace()));
    List<UUID> exhausted = new ArrayList<>();
    List<UUID> requeued = new ArrayList<>();
    transaction.executeWithoutResult(
        status -> {
          List<Expired> expired =
              jdbc.sql(EXPIRED)
                  .param("threshold", threshold)
                  .param("batch", BATCH)
                  .query(Expired.class)
                  .list();
          for (Expired job : expired) {
            if (job.attempts() >= properties.maxAttempts()) {
              exhausted.add(job.id());
            } else if (jdbc.sql(BACK_TO_QUEUE)
                    .param("id", job.id())
                    .param("threshold", threshold)
                    .param("now", Timestamp.from(now))
                    .update()
                > 0) {
              requeued.add(job.id());
              log.info("Job {} lease expired; back to the queue", job.id());
            }
          }
        });
    meters.requeued(requeued.size());
    failEach(exhausted, true);
  }

  void publishUnclaimed() {
    Instant now = clock.instant();
    List<UUID> exhausted = new ArrayList<>();
    List<UUID> published = new ArrayList<>();
    transaction.executeWithoutResult(
        status -> {
          List<Unclaimed> unclaimed =
              jdbc.sql(TO_PUBLISH)
                  .param(
                      "unpublishedBefore", Timestamp.from(now.minus(properties.unpublishedAfter())))
                  .param("republishBefore", Timestamp.from(now.minus(properties.republishAfter())))
                  .param("batch", BATCH)
                  .query(Unclaimed.class)
                  .list();
          for (Unclaimed job : unclaimed) {
            if (job.attempts() >= properties.maxAttempts()) {
              exhausted.add(job.id());
              continue;
            }
            notices.queued(job.id(), job.idempotencyKey());
            jdbc.sql(MARK_PUBLISHED)
                .param("id", job.id())
                .param("now", Timestamp.from(now))
                .update();
            published.add(job.id());
          }
        });
    meters.published(published.size());
    failEach(exhausted, true);
  }

  void failExhaustedBatchItems() {
    failEach(
        jdbc.sql(EXHAUSTED_ITEMS)
            .param("maxAttempts", properties.maxAttempts())
            .param("batch", BATCH)
            .query(UUID.class)
            .list(),
        false);
  }

  void cancelItemsOfCancellingBatches() {
    List<UUID> items =
        jdbc.sql(ITEMS_OF_CANCELLING_BATCHES).param("batch", BATCH).query(UUID.class).list();
    int cancelled = 0;
    for (UUID id : items) {
      if (endAlone(id, () -> completion.cancelAbandoned(id))) {
        cancelled++;
        log.info("Batch item {} was back in the queue of a cancelled batch; cancelled", id);
      }
    }
    meters.cancelled(cancelled);
  }

  /**
   * Fails each job out of attempts, its credit released; {@code tellWaiters}: a synchronous request
   * may wait for it, woken only now that the end committed.
   */
  private void failEach(List<UUID> jobs, boolean tellWaiters) {
    int failed = 0;
    for (UUID id : jobs) {
      if (endAlone(id, () -> completion.failAbandoned(id, ErrorCode.GENERATION_FAILED))) {
        failed++;
        log.warn("Job {} failed after {} attempts; credit released", id, properties.maxAttempts());
        if (tellWaiters) {
          notices.finished(id);
        }
      }
    }
    meters.failed(failed);
  }

  /** Runs one job's end in its own transaction; a failure is logged and left to the next sweep. */
  private static boolean endAlone(UUID id, BooleanSupplier end) {
    try {
      return end.getAsBoolean();
    } catch (RuntimeException failure) {
      log.warn("Ending job {} failed, the next sweep retries: {}", id, failure.toString());
      return false;
    }
  }
}
