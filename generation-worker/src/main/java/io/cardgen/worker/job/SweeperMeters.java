package io.cardgen.worker.job;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import org.springframework.stereotype.Component;

/**
 * What the {@link Sweeper} had to do, counted once its transaction committed: each count is work a
 * healthy system does not leave to it, and the alerts on dying workers and exhausted jobs read them
 * ({@code deploy/prometheus/alerts.yml}).
 */
@Component
class SweeperMeters {

  static final String REQUEUED = "cardgen.sweeper.requeued";
  static final String FAILED = "cardgen.sweeper.failed";
  static final String PUBLISHED = "cardgen.sweeper.published";
  static final String CANCELLED = "cardgen.sweeper.cancelled";

  private final Counter requeued;
  private final Counter failed;
  private final Counter published;
  private final Counter cancelled;

  SweeperMeters(MeterRegistry meters) {
    requeued =
        Counter.builder(REQUEUED)
            .description("Jobs whose lease expired (their worker died or hung), back to the queue")
            .register(meters);
    failed =
        Counter.builder(FAILED)
            .description("Jobs failed with their credit released after their last attempt")
            .register(meters);
    published =
        Counter.builder(PUBLISHED)
            .description(
                "Queued jobs the sweeper published: the gateway's send never confirmed, or no"
                    + " worker claimed them")
            .register(meters);
    cancelled =
        Counter.builder(CANCELLED)
            .description(
                "Batch items cancelled with their credit released: back in the queue after their"
                    + " batch was cancelled")
            .register(meters);
  }

  void requeued(int jobs) {
    requeued.increment(jobs);
  }

  void failed(int jobs) {
    failed.increment(jobs);
  }

  void published(int jobs) {
    published.increment(jobs);
  }

  void cancelled(int jobs) {
    cancelled.increment(jobs);
  }
}
