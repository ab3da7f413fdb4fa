package io.cardgen.worker.job;

import io.cardgen.common.error.ErrorCode;
import java.sql.Timestamp;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
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
 *       batch items are not (the batch feeder pulls them), but one with no attempts left fails.
 * </ul>
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
      LIMIT :batch FOR UPDATE SKIP LOCKED
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
    } catch (RuntimeException failure) {
      log.warn("Sweep failed, next one retries: {}", failure.toString());
    }
  }

  void reclaimExpired() {
    Instant now = clock.instant();
    Timestamp threshold = Timestamp.from(now.minus(properties.sweeperGrace()));
    List<UUID> failed = new ArrayList<>();
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
              if (completion.failAbandoned(job.id(), ErrorCode.GENERATION_FAILED)) {
                failed.add(job.id());
              }
              log.warn(
                  "Job {} failed after {} attempts; credit released", job.id(), job.attempts());
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
    // Only after commit: a gateway woken earlier would still read the job as running.
    failed.forEach(notices::finished);
    meters.requeued(requeued.size());
    meters.failed(failed.size());
  }

  void publishUnclaimed() {
    Instant now = clock.instant();
    List<UUID> failed = new ArrayList<>();
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
              if (completion.failAbandoned(job.id(), ErrorCode.GENERATION_FAILED)) {
                failed.add(job.id());
              }
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
    failed.forEach(notices::finished);
    meters.published(published.size());
    meters.failed(failed.size());
  }

  void failExhaustedBatchItems() {
    Integer failed =
        transaction.execute(
            status -> {
              int count = 0;
              for (UUID id :
                  jdbc.sql(EXHAUSTED_ITEMS)
                      .param("maxAttempts", properties.maxAttempts())
                      .param("batch", BATCH)
                      .query(UUID.class)
                      .list()) {
                if (completion.failAbandoned(id, ErrorCode.GENERATION_FAILED)) {
                  count++;
                }
              }
              return count;
            });
    meters.failed(failed == null ? 0 : failed);
  }
}
