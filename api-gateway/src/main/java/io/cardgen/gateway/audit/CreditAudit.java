package io.cardgen.gateway.audit;

import io.cardgen.gateway.audit.AuditQueries.AccountBooks;
import io.cardgen.gateway.audit.AuditQueries.JobRow;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.function.IntFunction;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.scheduling.annotation.Scheduled;
import org.springframework.stereotype.Component;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.TransactionDefinition;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * Checks the books against their invariants: per account, balance + charged = credited and reserved
 * = jobs in progress = open reservations in the ledger; per job, one reserve and then exactly the
 * move its state implies; every charge has its card and every card its charge; no credit held
 * longer than a healthy job lives. Runs on demand ({@code GET /admin/audit}) and on a timer for the
 * metrics.
 */
@Component
public class CreditAudit {

  private static final Logger log = LoggerFactory.getLogger(CreditAudit.class);

  private final AuditQueries queries;
  private final AuditMetrics metrics;
  private final AuditProperties properties;
  private final TransactionTemplate snapshot;
  private final Clock clock;

  CreditAudit(
      AuditQueries queries,
      AuditMetrics metrics,
      AuditProperties properties,
      PlatformTransactionManager transactions,
      Clock clock) {
    this.queries = queries;
    this.metrics = metrics;
    this.properties = properties;
    this.clock = clock;
    this.snapshot = new TransactionTemplate(transactions);
    snapshot.setIsolationLevel(TransactionDefinition.ISOLATION_REPEATABLE_READ);
    snapshot.setReadOnly(true);
  }

  public AuditReport run() {
    AuditReport report = snapshot.execute(status -> audit(clock.instant()));
    metrics.record(report);
    return report;
  }

  @Scheduled(fixedDelayString = "${cardgen.audit.interval:1m}", initialDelay = 10_000)
  void scheduled() {
    try {
      AuditReport report = run();
      if (!report.clean()) {
        log.error("Credit audit found {} breaches: {}", report.breaches().size(), report);
      }
    } catch (RuntimeException failure) {
      log.warn("Credit audit failed, the next run retries: {}", failure.toString());
    }
  }

  private AuditReport audit(Instant now) {
    List<AccountBooks> accounts = queries.accounts();
    List<Breach> breaches = new ArrayList<>();
    accounts.forEach(books -> AccountChecks.check(books, breaches));
    int limit = properties.maxListed();
    boolean truncated = false;
    truncated |= add(breaches, Breach.Kind.SETTLEMENT_MISMATCH, queries::unsettledJobs, limit);
    truncated |= add(breaches, Breach.Kind.CHARGE_WITHOUT_CARD, queries::chargesWithoutCard, limit);
    truncated |= add(breaches, Breach.Kind.CARD_WITHOUT_CHARGE, queries::cardsWithoutCharge, limit);
    Instant staleBefore = now.minus(properties.maxReservationAge());
    truncated |=
        add(
            breaches,
            Breach.Kind.STALE_RESERVATION,
            max -> queries.staleReservations(staleBefore, max),
            limit);
    return new AuditReport(
        now,
        breaches.isEmpty(),
        accounts.size(),
        accounts.stream().mapToLong(AccountBooks::credited).sum(),
        accounts.stream().mapToLong(AccountBooks::charged).sum(),
        accounts.stream().mapToLong(AccountBooks::released).sum(),
        accounts.stream().mapToLong(AccountBooks::balance).sum(),
        accounts.stream().mapToLong(AccountBooks::reserved).sum(),
        accounts.stream().mapToLong(AccountBooks::holding).sum(),
        queries.cards(),
        truncated,
        List.copyOf(breaches));
  }

  /** Adds up to {@code limit} breaches of one kind; true when there were more. */
  private static boolean add(
      List<Breach> breaches, Breach.Kind kind, IntFunction<List<JobRow>> query, int limit) {
    List<JobRow> rows = query.apply(limit + 1);
    rows.stream()
        .limit(limit)
        .forEach(row -> breaches.add(new Breach(kind, row.accountId(), row.jobId(), row.detail())));
    return rows.size() > limit;
  }
}
