package io.cardgen.gateway.batch;

import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * How long a finished batch, its items and their cards are kept ({@link BatchRetention}).
 *
 * @param retention counted from the batch's {@code completed_at}; after it the batch answers 404,
 *     its results are gone and its idempotency key may create a new batch ({@code
 *     CARDGEN_BATCH_RETENTION}). At least two days, so a webhook's day of retries ends first.
 * @param retentionCleanupInterval pause between two cleanup runs of one gateway replica
 * @param retentionCleanupItems items (with their cards) removed per transaction
 * @param retentionCleanupTransactions transactions per run, so one run never monopolises the
 *     database: 500 short ones remove 500 small batches, or 500 000 items, per replica and interval
 */
@ConfigurationProperties("cardgen.batch")
record BatchRetentionProperties(
    @DefaultValue("30d") Duration retention,
    @DefaultValue("10m") Duration retentionCleanupInterval,
    @DefaultValue("1000") int retentionCleanupItems,
    @DefaultValue("500") int retentionCleanupTransactions) {

  static final Duration SHORTEST = Duration.ofDays(2);

  BatchRetentionProperties {
    if (retention.compareTo(SHORTEST) < 0) {
      throw new IllegalArgumentException(
          "cardgen.batch.retention must be at least 2d: a finished batch's webhook is retried"
              + " for a day");
    }
    if (retentionCleanupInterval.isNegative() || retentionCleanupInterval.isZero()) {
      throw new IllegalArgumentException(
          "cardgen.batch.retention-cleanup-interval must be positive");
    }
    if (retentionCleanupItems < 1 || retentionCleanupTransactions < 1) {
      throw new IllegalArgumentException("cardgen.batch.retention-cleanup-* must be >= 1");
    }
  }
}
