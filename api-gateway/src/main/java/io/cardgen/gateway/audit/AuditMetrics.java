package io.cardgen.gateway.audit;

import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
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

  AuditMetrics(MeterRegistry registry) {
    gauge(
        registry,
        "cardgen.audit.breaches",
        "Breaches found by the last audit",
        r -> r.breaches().size());
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

  void record(AuditReport report) {
    last.set(report);
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
