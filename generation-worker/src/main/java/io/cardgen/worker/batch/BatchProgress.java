package io.cardgen.worker.batch;

import io.cardgen.common.batch.BatchEnd;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import java.sql.Timestamp;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import java.util.UUID;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Component;

/**
 * Moves a batch forward when one of its items ends: the item gets its {@code seq}, the batch's
 * counts move and, with the last item, the batch reaches its final status and its webhook event is
 * queued. Callers run it inside the transaction that gave the job its final state, so all of this
 * happens exactly once with it. A job outside any batch is left alone.
 */
@Component
public class BatchProgress {

  private record Counted(UUID id, int finished) {}

  private record Ended(UUID accountId, String webhookUrl) {}

  /** The latency histogram's range: no item ends within a second of its batch's creation. */
  static final Duration ITEM_LATENCY_MIN = Duration.ofSeconds(1);

  static final Duration ITEM_LATENCY_MAX = Duration.ofHours(24);

  private static final String ITEM_AGE =
      "SELECT created_at FROM jobs WHERE id = :job AND batch_id IS NOT NULL";

  private final JdbcClient jdbc;
  private final BatchEvents events;
  private final Clock clock;
  private final Timer latency;

  BatchProgress(JdbcClient jdbc, BatchEvents events, Clock clock, MeterRegistry meters) {
    this.jdbc = jdbc;
    this.events = events;
    this.clock = clock;
    this.latency =
        Timer.builder("cardgen.batch.item.latency")
            .description("From a batch's creation to one of its items ending")
            .publishPercentileHistogram()
            // A big batch behind a provider's rate limit runs for hours; Micrometer's default
            // buckets stop at 30 s and would put every later item into +Inf.
            .minimumExpectedValue(ITEM_LATENCY_MIN)
            .maximumExpectedValue(ITEM_LATENCY_MAX)
            .register(meters);
  }

  /** Call after the job's final move, in the same transaction. */
  public void itemFinished(UUID jobId) {
    Optional<Counted> counted =
        jdbc.sql(BatchEnd.COUNT_ITEM).param("job", jobId).query(Counted.class).optional();
    if (counted.isEmpty()) {
      return;
    }
    jdbc.sql(BatchEnd.SET_SEQ).param("seq", counted.get().finished()).param("job", jobId).update();
    Instant now = clock.instant();
    jdbc.sql(ITEM_AGE)
        .param("job", jobId)
        .query(Timestamp.class)
        .optional()
        .ifPresent(created -> itemEnded(created.toInstant(), now));
    finishIfDone(counted.get().id(), now);
  }

  /** Records how long an item took from its batch's creation ({@code created}) to its end. */
  public void itemEnded(Instant created, Instant now) {
    latency.record(Duration.between(created, now));
  }

  private void finishIfDone(UUID batchId, Instant now) {
    jdbc.sql(BatchEnd.FINISH)
        .param("id", batchId)
        .param("now", Timestamp.from(now))
        .query(Ended.class)
        .optional()
        .filter(ended -> ended.webhookUrl() != null)
        .ifPresent(ended -> events.ended(batchId, ended.accountId(), now));
  }
}
