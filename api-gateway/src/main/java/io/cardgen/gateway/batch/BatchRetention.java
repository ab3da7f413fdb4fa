package io.cardgen.gateway.batch;

import io.cardgen.gateway.photo.JobPhotoRemoval;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import java.sql.Timestamp;
import java.time.Clock;
import java.time.Instant;
import java.util.Optional;
import java.util.UUID;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.scheduling.annotation.Scheduled;
import org.springframework.stereotype.Component;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * Removes finished batches once their retention has passed: their items (job rows), the items'
 * cards and stored photos, the batch's delivered or abandoned webhook rows, then the batch row. The
 * credit ledger keeps its rows, as for idempotency keys, so balances and the audit stay whole.
 *
 * <p>Only a batch whose every item is final and settled is touched, and none whose webhook is still
 * being delivered: a reserved credit is never lost with its job. A large batch goes in several
 * short transactions of {@code retention-cleanup-items} items, each locking the batch row with
 * {@code FOR UPDATE SKIP LOCKED}, so gateway replicas share the work and never wait on each other;
 * the batch row goes last, in the transaction that removes its last items (a batch smaller than one
 * transaction goes in one). The first of several transactions flags the batch {@code removing}, so
 * that the public API answers 404 for it from then on rather than a batch with results missing.
 */
@Component
class BatchRetention {

  private static final Logger log = LoggerFactory.getLogger(BatchRetention.class);

  private static final String EXPIRED =
      """
      SELECT b.id FROM batches b
      WHERE b.status IN ('completed', 'cancelled') AND b.completed_at < :cutoff
        AND NOT EXISTS (SELECT 1 FROM jobs j
                        WHERE j.batch_id = b.id
                          AND (j.state NOT IN ('SUCCEEDED', 'FAILED', 'CANCELLED')
                               OR j.credit_state = 'RESERVED'))
        AND NOT EXISTS (SELECT 1 FROM webhook_deliveries w
                        WHERE w.event_key IN ('batch:bat_' || b.id || ':completed',
                                              'batch:bat_' || b.id || ':cancelled')
                          AND w.state = 'PENDING')
      ORDER BY b.completed_at
      LIMIT 1
      FOR UPDATE OF b SKIP LOCKED
      """;
  private static final String ITEMS =
      "SELECT id FROM jobs WHERE batch_id = :batch ORDER BY id LIMIT :limit FOR UPDATE";
  private static final String DELETE_CARDS = "DELETE FROM cards WHERE job_id = ANY(:ids)";
  private static final String DELETE_JOBS = "DELETE FROM jobs WHERE id = ANY(:ids)";
  private static final String DELETE_WEBHOOKS =
      """
      DELETE FROM webhook_deliveries
      WHERE event_key IN ('batch:bat_' || :batch || ':completed', 'batch:bat_' || :batch || ':cancelled')
      """;
  private static final String DELETE_BATCH = "DELETE FROM batches WHERE id = :batch";
  private static final String FLAG_REMOVING =
      "UPDATE batches SET removing = true WHERE id = :batch AND NOT removing";

  /** What one transaction did. */
  private record Step(int items, boolean batchRemoved, boolean anyLeft) {}

  private final JdbcClient jdbc;
  private final JobPhotoRemoval photos;
  private final TransactionTemplate transaction;
  private final BatchRetentionProperties properties;
  private final Clock clock;
  private final Counter batchesRemoved;
  private final Counter itemsRemoved;

  BatchRetention(
      JdbcClient jdbc,
      JobPhotoRemoval photos,
      TransactionTemplate transaction,
      BatchRetentionProperties properties,
      Clock clock,
      MeterRegistry meters) {
    this.jdbc = jdbc;
    this.photos = photos;
    this.transaction = transaction;
    this.properties = properties;
    this.clock = clock;
    this.batchesRemoved =
        Counter.builder("cardgen.batch.removed")
            .description("Finished batches removed after their retention")
            .register(meters);
    this.itemsRemoved =
        Counter.builder("cardgen.batch.items.removed")
            .description("Items (jobs and their cards) of batches removed after their retention")
            .register(meters);
  }

  @Scheduled(
      fixedDelayString = "${cardgen.batch.retention-cleanup-interval:10m}",
      initialDelayString = "${cardgen.batch.retention-cleanup-interval:10m}")
  void scheduled() {
    try {
      int removed = removeExpired();
      if (removed > 0) {
        log.info("Removed {} batches finished more than {} ago", removed, properties.retention());
      }
    } catch (RuntimeException failure) {
      log.warn("Batch cleanup failed, the next run retries: {}", failure.toString());
    }
  }

  /** Removes batches finished more than the retention ago, within one run's bound. */
  int removeExpired() {
    Instant cutoff = clock.instant().minus(properties.retention());
    int batches = 0;
    for (int run = 0; run < properties.retentionCleanupTransactions(); run++) {
      Step step = transaction.execute(status -> step(cutoff));
      itemsRemoved.increment(step.items());
      if (step.batchRemoved()) {
        batches++;
        batchesRemoved.increment();
      }
      if (!step.anyLeft()) {
        break;
      }
    }
    return batches;
  }

  private Step step(Instant cutoff) {
    Optional<UUID> batch =
        jdbc.sql(EXPIRED).param("cutoff", Timestamp.from(cutoff)).query(UUID.class).optional();
    if (batch.isEmpty()) {
      return new Step(0, false, false);
    }
    UUID[] items =
        jdbc.sql(ITEMS)
            .param("batch", batch.get())
            .param("limit", properties.retentionCleanupItems())
            .query(UUID.class)
            .list()
            .toArray(UUID[]::new);
    if (items.length > 0) {
      photos.queueFor(items);
      jdbc.sql(DELETE_CARDS).param("ids", items).update();
      jdbc.sql(DELETE_JOBS).param("ids", items).update();
    }
    if (items.length == properties.retentionCleanupItems()) {
      jdbc.sql(FLAG_REMOVING).param("batch", batch.get()).update();
      return new Step(items.length, false, true); // maybe more: the batch row goes in a later one
    }
    // Its last items went above: a small batch takes one transaction, not two.
    jdbc.sql(DELETE_WEBHOOKS).param("batch", batch.get().toString()).update();
    jdbc.sql(DELETE_BATCH).param("batch", batch.get()).update();
    return new Step(items.length, true, true);
  }
}
