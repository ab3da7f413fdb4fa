package io.cardgen.worker.webhook;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import java.time.Duration;
import java.util.EnumMap;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Webhook delivery as Micrometer meters (in Prometheus: {@code
 * cardgen_webhook_deliveries_total{outcome}}, {@code cardgen_webhook_delivery_seconds} and {@code
 * cardgen_webhook_pending}).
 *
 * <p>Each attempt counts once: {@code delivered} (2xx), {@code refused_address} (the address rules
 * stopped it before anything was sent; retried), {@code unsigned} (the account's secret could not
 * be opened, so nothing was sent; retried), {@code retried} (any other failure, tried again later)
 * or {@code gave_up} (a failure past the retry window, whatever its cause). The latency is of the
 * HTTP exchange of attempts that sent something. The pending gauge is the outbox's PENDING rows as
 * this worker last counted them, once per poll.
 */
final class WebhookMetrics {

  static final String DELIVERIES = "cardgen.webhook.deliveries";
  static final String LATENCY = "cardgen.webhook.delivery";
  static final String PENDING = "cardgen.webhook.pending";

  /** What an attempt came to, for the counter. */
  enum Outcome {
    DELIVERED,
    RETRIED,
    GAVE_UP,
    REFUSED_ADDRESS,
    UNSIGNED
  }

  private final Map<Outcome, Counter> outcomes = new EnumMap<>(Outcome.class);
  private final Timer latency;
  private final AtomicLong pending = new AtomicLong();

  WebhookMetrics(MeterRegistry registry) {
    for (Outcome outcome : Outcome.values()) {
      outcomes.put(
          outcome,
          Counter.builder(DELIVERIES)
              .description("Webhook delivery attempts by what they came to")
              .tag("outcome", outcome.name().toLowerCase(Locale.ROOT))
              .register(registry));
    }
    latency =
        Timer.builder(LATENCY)
            .description("Time from connecting to a webhook receiver to its status line")
            .register(registry);
    Gauge.builder(PENDING, pending, AtomicLong::get)
        .description("Webhook deliveries waiting for an attempt or a retry")
        .register(registry);
  }

  void attempted(Outcome outcome) {
    outcomes.get(outcome).increment();
  }

  void exchanged(Duration duration) {
    latency.record(duration);
  }

  void pending(long count) {
    pending.set(count);
  }
}
