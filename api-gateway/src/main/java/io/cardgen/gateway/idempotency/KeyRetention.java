package io.cardgen.gateway.idempotency;

import io.cardgen.gateway.photo.JobPhotoRemoval;
import io.cardgen.gateway.reply.ReplyProperties;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import java.sql.Timestamp;
import java.time.Clock;
import java.time.Instant;
import java.util.UUID;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.scheduling.annotation.Scheduled;
import org.springframework.stereotype.Component;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * Forgets idempotency keys once their retention has passed: the job row (key, fingerprint,
 * outcome), its card and its stored photos go; the credit ledger keeps its rows, so an account's
 * history and the audit's sums stay whole. Only final jobs are touched, so a reservation is never
 * lost. Batch items are not idempotency keys of their own: they stay as long as their batch's
 * results. The admin API's top-up keys ({@code admin_credit_grants}) are kept as long, counted from
 * the top-up; their CREDIT ledger rows stay too.
 *
 * <p>Every gateway replica runs it. Each batch locks its rows with {@code FOR UPDATE SKIP LOCKED}
 * and deletes them in the same short transaction, so replicas split the work instead of waiting on
 * each other, and a replay reading a key being removed sees it either whole or not at all.
 */
@Component
class KeyRetention {

  private static final Logger log = LoggerFactory.getLogger(KeyRetention.class);

  /** The search for expired keys; {@code KeyRetentionScanIT} checks its plan. */
  static final String EXPIRED =
      """
      SELECT id FROM jobs
      WHERE state IN ('SUCCEEDED', 'FAILED') AND finished_at < :cutoff AND batch_id IS NULL
      ORDER BY finished_at
      LIMIT :batch
      FOR UPDATE SKIP LOCKED
      """;

  private static final String DELETE_CARDS = "DELETE FROM cards WHERE job_id = ANY(:ids)";
  private static final String DELETE_JOBS = "DELETE FROM jobs WHERE id = ANY(:ids)";
  private static final String DELETE_TOP_UPS =
      """
      DELETE FROM admin_credit_grants WHERE idempotency_key IN (
          SELECT idempotency_key FROM admin_credit_grants
          WHERE created_at < :cutoff
          ORDER BY created_at
          LIMIT :batch
          FOR UPDATE SKIP LOCKED)
      """;

  private final JdbcClient jdbc;
  private final JobPhotoRemoval photos;
  private final TransactionTemplate transaction;
  private final RetentionProperties properties;
  private final Clock clock;
  private final Counter removed;
  private final Counter topUpsRemoved;

  KeyRetention(
      JdbcClient jdbc,
      JobPhotoRemoval photos,
      TransactionTemplate transaction,
      RetentionProperties properties,
      ReplyProperties replies,
      Clock clock,
      MeterRegistry meters) {
    if (properties.retention().compareTo(replies.timeout()) <= 0) {
      throw new IllegalStateException(
          "cardgen.idempotency.retention must exceed cardgen.reply.timeout: a key may not be"
              + " forgotten while its client can still be waiting for it");
    }
    this.jdbc = jdbc;
    this.photos = photos;
    this.transaction = transaction;
    this.properties = properties;
    this.clock = clock;
    this.removed =
        Counter.builder("cardgen.idempotency.keys.removed")
            .description("Idempotency keys (jobs and their cards) removed after their retention")
            .register(meters);
    this.topUpsRemoved =
        Counter.builder("cardgen.idempotency.top-up-keys.removed")
            .description("Idempotency keys of admin top-ups removed after their retention")
            .register(meters);
  }

  @Scheduled(
      fixedDelayString = "${cardgen.idempotency.cleanup-interval:10m}",
      initialDelayString = "${cardgen.idempotency.cleanup-interval:10m}")
  void scheduled() {
    try {
      int count = removeExpired();
      if (count > 0) {
        log.info("Removed {} idempotency keys older than {}", count, properties.retention());
      }
      int topUps = removeExpiredTopUps();
      if (topUps > 0) {
        log.info("Removed {} top-up keys older than {}", topUps, properties.retention());
      }
    } catch (RuntimeException failure) {
      log.warn("Key cleanup failed, the next run retries: {}", failure.toString());
    }
  }

  /** Removes keys whose job ended more than the retention ago; returns how many. */
  int removeExpired() {
    Instant cutoff = clock.instant().minus(properties.retention());
    int total = 0;
    for (int batch = 0; batch < properties.cleanupMaxBatches(); batch++) {
      Integer count = transaction.execute(status -> removeBatch(cutoff));
      total += count;
      removed.increment(count);
      if (count < properties.cleanupBatch()) {
        break;
      }
    }
    return total;
  }

  /** Removes the admin top-up keys recorded more than the retention ago; returns how many. */
  int removeExpiredTopUps() {
    Instant cutoff = clock.instant().minus(properties.retention());
    int total = 0;
    for (int batch = 0; batch < properties.cleanupMaxBatches(); batch++) {
      int count =
          jdbc.sql(DELETE_TOP_UPS)
              .param("cutoff", Timestamp.from(cutoff))
              .param("batch", properties.cleanupBatch())
              .update();
      total += count;
      topUpsRemoved.increment(count);
      if (count < properties.cleanupBatch()) {
        break;
      }
    }
    return total;
  }

  private int removeBatch(Instant cutoff) {
    UUID[] ids =
        jdbc.sql(EXPIRED)
            .param("cutoff", Timestamp.from(cutoff))
            .param("batch", properties.cleanupBatch())
            .query(UUID.class)
            .list()
            .toArray(UUID[]::new);
    if (ids.length == 0) {
      return 0;
    }
    photos.queueFor(ids);
    jdbc.sql(DELETE_CARDS).param("ids", ids).update();
    return jdbc.sql(DELETE_JOBS).param("ids", ids).update();
  }
}
