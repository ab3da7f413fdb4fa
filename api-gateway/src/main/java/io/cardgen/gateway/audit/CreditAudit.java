package io.cardgen.gateway.audit;

import io.cardgen.gateway.audit.AuditQueries.AccountBooks;
import io.cardgen.gateway.audit.AuditQueries.JobRow;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
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
 * longer than a healthy job lives. {@code GET /admin/audit} runs a full audit. The timer runs a
 * recent one (the running totals and the jobs that moved lately, ADR 0029) and, once per {@code
 * full-interval} on one replica, a full one, so its cost follows the traffic, not the history.
 */
@Component
public class CreditAudit {

  private static final Logger log = LoggerFactory.getLogger(CreditAudit.class);

  private final AuditQueries queries;
  private final LedgerTotals totals;
  private final AuditMetrics metrics;
  private final AuditProperties properties;
  private final TransactionTemplate snapshot;
  private final Clock clock;

  CreditAudit(
      AuditQueries queries,
      LedgerTotals totals,
      AuditMetrics metrics,
      AuditProperties properties,
      PlatformTransactionManager transactions,
      Clock clock) {
    if (properties.recentWindow().compareTo(properties.interval()) <= 0) {
      // Otherwise a job finishing between two runs without a ledger row could escape both.
      throw new IllegalStateException(
          "cardgen.audit.recent-window (%s) must be longer than cardgen.audit.interval (%s)"
              .formatted(properties.recentWindow(), properties.interval()));
    }
    this.queries = queries;
    this.totals = totals;
    this.metrics = metrics;
    this.properties = properties;
    this.clock = clock;
    this.snapshot = new TransactionTemplate(transactions);
    snapshot.setIsolationLevel(TransactionDefinition.ISOLATION_REPEATABLE_READ);
    snapshot.setReadOnly(true);
  }

  /** A full audit: the whole ledger, every kept job, and the running totals against the ledger. */
  public AuditReport run() {
    long started = System.nanoTime();
    Instant now = clock.instant();
    AuditReport report = snapshot.execute(status -> audit(new AuditScope.Full(), now));
    totals.recordFullAudit(now, report.breaches().size());
    metrics.record(report, Duration.ofNanos(System.nanoTime() - started));
    return report;
  }

  /**
   * A recent audit: first moves the running totals up to the ledger rows that can no longer change,
   * then checks the books through them and the jobs with a ledger row after where they stood, or
   * finished within {@code recent-window}.
   */
  AuditReport runRecent() {
    long started = System.nanoTime();
    Instant now = clock.instant();
    long ledgerAfter = totals.through();
    totals.advance(properties.totalsLockWait());
    AuditScope scope = new AuditScope.Recent(ledgerAfter, now.minus(properties.recentWindow()));
    AuditReport report = snapshot.execute(status -> audit(scope, now));
    metrics.record(report, Duration.ofNanos(System.nanoTime() - started));
    return report;
  }

  @Scheduled(fixedDelayString = "${cardgen.audit.interval:1m}", initialDelay = 10_000)
  void scheduled() {
    try {
      boolean fullDue = totals.claimFullAudit(clock.instant(), properties.fullInterval());
      AuditReport report = fullDue ? run() : runRecent();
      if (!report.clean()) {
        log.error("Credit audit found {} breaches: {}", report.breaches().size(), report);
      }
    } catch (RuntimeException failure) {
      log.warn("Credit audit failed, the next run retries: {}", failure.toString());
    }
  }

  private AuditReport audit(AuditScope scope, Instant now) {
    List<AccountBooks> accounts = queries.accounts(scope);
    List<Breach> breaches = new ArrayList<>();
    accounts.forEach(books -> AccountChecks.check(books, breaches));
    int limit = properties.maxListed();
    boolean truncated = false;
    if (scope instanceof AuditScope.Full) {
      truncated |= add(breaches, Breach.Kind.TOTALS_MISMATCH, queries::totalsDrift, limit);
    }
    truncated |=
        add(
            breaches,
            Breach.Kind.SETTLEMENT_MISMATCH,
            max -> queries.unsettledJobs(scope, max),
            limit);
    truncated |=
        add(
            breaches,
            Breach.Kind.CHARGE_WITHOUT_CARD,
            max -> queries.chargesWithoutCard(scope, max),
            limit);
    truncated |=
        add(
            breaches,
            Breach.Kind.CARD_WITHOUT_CHARGE,
            max -> queries.cardsWithoutCharge(scope, max),
            limit);
    Instant staleBefore = now.minus(properties.maxReservationAge());
    truncated |=
        add(
            breaches,
            Breach.Kind.STALE_RESERVATION,
            max -> queries.staleReservations(staleBefore, max),
            limit);
    Optional<LedgerTotals.FullAudit> lastFull =
        scope instanceof AuditScope.Full
            ? Optional.of(new LedgerTotals.FullAudit(now, breaches.size()))
            : totals.lastFullAudit();
    return new AuditReport(
        now,
        scope.wireName(),
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
        List.copyOf(breaches),
        lastFull.map(LedgerTotals.FullAudit::at).orElse(null),
        lastFull.map(LedgerTotals.FullAudit::breaches).orElse(null));
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
