package io.cardgen.worker.job;

import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import java.util.concurrent.atomic.AtomicLong;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.scheduling.annotation.Scheduled;
import org.springframework.stereotype.Component;

/**
 * {@code cardgen.jobs.queued{class}}: jobs waiting in PostgreSQL, synchronous and batch, counted on
 * a timer (both counts are partial-index scans) rather than on every scrape.
 */
@Component
class QueueGauges {

  private static final Logger log = LoggerFactory.getLogger(QueueGauges.class);
  private static final String COUNT =
      """
      SELECT count(*) FILTER (WHERE batch_id IS NULL) AS sync,
             count(*) FILTER (WHERE batch_id IS NOT NULL) AS batch
      FROM jobs WHERE state = 'QUEUED'
      """;

  private record Counts(long sync, long batch) {}

  private final JdbcClient jdbc;
  private final AtomicLong sync = new AtomicLong();
  private final AtomicLong batch = new AtomicLong();

  QueueGauges(JdbcClient jdbc, MeterRegistry meters) {
    this.jdbc = jdbc;
    register(meters, "sync", sync);
    register(meters, "batch", batch);
  }

  private static void register(MeterRegistry meters, String priority, AtomicLong value) {
    Gauge.builder("cardgen.jobs.queued", value, AtomicLong::get)
        .description("Jobs waiting in PostgreSQL, by priority class")
        .tag("class", priority)
        .register(meters);
  }

  @Scheduled(fixedDelayString = "${cardgen.worker.queue-gauge-interval:15s}")
  void refresh() {
    try {
      Counts counts = jdbc.sql(COUNT).query(Counts.class).single();
      sync.set(counts.sync());
      batch.set(counts.batch());
    } catch (RuntimeException failure) {
      log.debug("Queue gauges not refreshed: {}", failure.toString());
    }
  }
}
