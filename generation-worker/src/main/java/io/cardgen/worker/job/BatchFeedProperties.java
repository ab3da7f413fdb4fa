package io.cardgen.worker.job;

import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * How a worker pulls batch items from PostgreSQL (ADR 0008).
 *
 * @param syncReserve slots of {@code cardgen.worker.max-in-flight} batch items never use, kept for
 *     synchronous requests
 * @param pollMin the pause between claims while items keep coming
 * @param pollMax the longest pause when there is nothing to claim; a finishing item wakes the
 *     feeder earlier
 * @param enabled false for a worker that serves synchronous requests only
 */
@ConfigurationProperties("cardgen.worker.batch")
record BatchFeedProperties(
    @DefaultValue("200") int syncReserve,
    @DefaultValue("50ms") Duration pollMin,
    @DefaultValue("1s") Duration pollMax,
    @DefaultValue("true") boolean enabled) {

  BatchFeedProperties {
    if (syncReserve < 0) {
      throw new IllegalArgumentException("cardgen.worker.batch.sync-reserve must be >= 0");
    }
    if (pollMin.isNegative() || pollMin.isZero() || pollMax.compareTo(pollMin) < 0) {
      throw new IllegalArgumentException(
          "cardgen.worker.batch: 0 < poll-min <= poll-max is required");
    }
  }
}
