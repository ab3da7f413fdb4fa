package io.cardgen.gateway.audit;

import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.ToDoubleFunction;
import org.springframework.stereotype.Component;

/**
 * The last audit's figures as gauges ({@code cardgen_audit_breaches}, {@code
 * cardgen_audit_credited}, ...), so an alert can fire on the first breach. NaN until the first
 * audit ran on this replica.
 */
@Component
class AuditMetrics {

  private final AtomicReference<AuditReport> last = new AtomicReference<>();
  private final Map<String, Timer> durations;

  AuditMetrics(MeterRegistry registry) {
    // Both scopes from the start, so the series exist before the first full audit of the day.
    this.durations =
        Map.of("full", duration(registry, "full"), "recent", duration(registry, "recent"));
    gauge(
        registry,
        "cardgen.audit.breaches",
        "Breaches found by the last audit, or by the last full audit if it found more",
        AuditReport::openBreaches);
    gauge(registry, "cardgen.audit.credited", "Credits ever added", AuditReport::credited);
    gauge(registry, "cardgen.audit.charged", "Credits charged for cards", AuditReport::charged);
    gauge(registry, "cardgen.audit.released", "Reservations released", AuditReport::released);
    gauge(registry, "cardgen.audit.balance", "Sum of account balances", AuditReport::balance);
    gauge(registry, "cardgen.audit.reserved", "Credits reserved now", AuditReport::reserved);
    gauge(
        registry,
        "cardgen.audit.jobs.in.progress",
        "Jobs holding a reserved credit",
        AuditReport::jobsInProgress);
    gauge(registry, "cardgen.audit.cards", "Cards kept", AuditReport::cards);
    gauge(
        registry,
        "cardgen.audit.checked",
        "When the last audit ran, epoch seconds",
        r -> r.checkedAt().getEpochSecond());
  }

  /** Keeps {@code report} for the gauges and times it by scope ({@code cardgen_audit_seconds}). */
  void record(AuditReport report, Duration took) {
    last.set(report);
    durations.get(report.scope()).record(took);
  }

  private static Timer duration(MeterRegistry registry, String scope) {
    return Timer.builder("cardgen.audit")
        .description("How long audits take, by scope (full or recent)")
        .tag("scope", scope)
        .register(registry);
  }

  private void gauge(
      MeterRegistry registry,
      String name,
      String description,
      ToDoubleFunction<AuditReport> figure) {
    Gauge.builder(
            name,
            last,
            current -> current.get() == null ? Double.NaN : figure.applyAsDouble(current.get()))
        .description(description)
        .register(registry);
  }
}
