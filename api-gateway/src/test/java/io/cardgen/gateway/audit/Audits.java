package io.cardgen.gateway.audit;

import io.cardgen.gateway.testing.BooksDatabase;
import io.micrometer.core.instrument.MeterRegistry;
import java.time.Clock;
import java.time.Duration;

/** The credit audit wired as the gateway wires it, over a test's database and clock. */
final class Audits {

  static final Duration MAX_RESERVATION_AGE = Duration.ofMinutes(10);
  static final Duration RECENT_WINDOW = Duration.ofMinutes(5);

  private Audits() {}

  static CreditAudit audit(
      BooksDatabase database, Clock clock, MeterRegistry registry, int maxListed) {
    return new CreditAudit(
        new AuditQueries(database.jdbc()),
        new LedgerTotals(database.jdbc(), database.transactions()),
        new AuditMetrics(registry),
        new AuditProperties(
            MAX_RESERVATION_AGE,
            Duration.ofMinutes(1),
            maxListed,
            Duration.ofHours(24),
            RECENT_WINDOW,
            Duration.ofMillis(100)),
        database.transactions(),
        clock);
  }
}
