package io.cardgen.gateway.idempotency;

import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * How long an idempotency key and its result are kept, and how they are cleaned up afterwards.
 *
 * @param retention counted from the job's end; a retry within it replays the stored outcome, one
 *     after it is a new request (and a new charge). Must exceed the reply timeout by far.
 * @param cleanupInterval pause between two cleanup runs of one gateway replica
 * @param cleanupBatch jobs removed per transaction; small enough to keep row locks short
 * @param cleanupMaxBatches batches per run, so one run never monopolises the database
 */
@ConfigurationProperties("cardgen.idempotency")
public record RetentionProperties(
    @DefaultValue("72h") Duration retention,
    @DefaultValue("10m") Duration cleanupInterval,
    @DefaultValue("500") int cleanupBatch,
    @DefaultValue("20") int cleanupMaxBatches) {

  public RetentionProperties {
    if (retention.isNegative() || retention.isZero()) {
      throw new IllegalArgumentException("cardgen.idempotency.retention must be positive");
    }
    if (cleanupBatch < 1 || cleanupMaxBatches < 1) {
      throw new IllegalArgumentException("cardgen.idempotency cleanup batches must be >= 1");
    }
  }
}
