package io.cardgen.gateway.audit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.groups.Tuple.tuple;

import io.cardgen.gateway.testing.Books;
import io.cardgen.gateway.testing.BooksDatabase;
import io.cardgen.testsupport.SettableClock;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.time.Duration;
import java.util.UUID;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The audit the timer runs between two full ones (ADR 0029): the running totals plus the ledger
 * after them, and the jobs that moved lately. Each test compares it with the full audit of the same
 * books.
 */
class RecentAuditIT {

  @RegisterExtension static final BooksDatabase database = new BooksDatabase();
  private final SettableClock clock = new SettableClock();
  private final SimpleMeterRegistry meters = new SimpleMeterRegistry();
  private Books books;
  private CreditAudit audit;

  @BeforeEach
  void clear() {
    books = new Books(database.jdbc());
    audit = Audits.audit(database, clock, meters, 100);
  }

  private void sql(String statement, UUID id) {
    database.jdbc().sql(statement).param("id", id).update();
  }

  private long ledgerThrough() {
    return database
        .jdbc()
        .sql("SELECT through_id FROM ledger_checkpoint")
        .query(Long.class)
        .single();
  }

  private long lastLedgerId() {
    return database.jdbc().sql("SELECT max(id) FROM credit_ledger").query(Long.class).single();
  }

  @Test
  void addsUpTheSameBooksAsAFullAuditRunAfterRun() {
    UUID account = books.anAccountWithCredits(20);
    UUID other = books.anAccountWithCredits(5);
    books.aSucceededJob(account, "first", clock.instant());

    for (int round = 0; round < 3; round++) {
      books.aSucceededJob(account, "card-" + round, clock.instant());
      books.aFailedJob(other, "failure-" + round, clock.instant());
      books.aQueuedJob(account, "queued-" + round, clock.instant());

      AuditReport recent = audit.runRecent();
      AuditReport full = audit.run();

      assertThat(recent.scope()).isEqualTo("recent");
      assertThat(recent.breaches()).isEmpty();
      assertThat(full.breaches()).isEmpty();
      assertThat(recent)
          .usingRecursiveComparison()
          .comparingOnlyFields(
              "accounts",
              "credited",
              "charged",
              "released",
              "balance",
              "reserved",
              "jobsInProgress",
              "cards")
          .isEqualTo(full);
      assertThat(ledgerThrough()).isEqualTo(lastLedgerId());
      clock.advance(Duration.ofMinutes(1));
    }
  }

  @Test
  void findsABalanceTheLedgerDoesNotExplainThroughTheRunningTotals() {
    UUID account = books.anAccountWithCredits(10);
    books.aSucceededJob(account, "card", clock.instant());
    audit.runRecent();
    sql("UPDATE accounts SET balance = balance + 1 WHERE id = :id", account);

    assertThat(audit.runRecent().breaches())
        .extracting(Breach::kind, Breach::accountId)
        .containsExactly(tuple(Breach.Kind.BALANCE_MISMATCH, account));
  }

  @Test
  void checksAJobWithALedgerRowAfterTheTotalsHoweverOldTheJob() {
    UUID account = books.anAccountWithCredits(10);
    UUID old = books.aSucceededJob(account, "old", clock.instant().minus(Duration.ofDays(2)));
    audit.runRecent();
    books.ledger(account, old, "RELEASE", 1);

    assertThat(audit.runRecent().breaches())
        .extracting(Breach::kind, Breach::jobId)
        .contains(tuple(Breach.Kind.SETTLEMENT_MISMATCH, old));
  }

  @Test
  void checksAJobFinishedWithinTheWindowEvenWithoutALedgerRow() {
    UUID account = books.anAccountWithCredits(10);
    UUID job = books.aQueuedJob(account, "charged-for-nothing", clock.instant());
    audit.runRecent();
    // A bug that marks a job charged without its CHARGE row leaves nothing in the ledger.
    database
        .jdbc()
        .sql(
            """
            UPDATE jobs SET state = 'SUCCEEDED', credit_state = 'CHARGED', finished_at = :at
            WHERE id = :id
            """)
        .param("at", java.sql.Timestamp.from(clock.instant()))
        .param("id", job)
        .update();

    assertThat(audit.runRecent().breaches())
        .extracting(Breach::kind, Breach::jobId)
        .contains(tuple(Breach.Kind.SETTLEMENT_MISMATCH, job));
  }

  @Test
  void leavesAnOldJobChangedWithoutALedgerRowToTheFullAuditWhoseCountTheGaugeKeeps() {
    UUID account = books.anAccountWithCredits(10);
    UUID old = books.aSucceededJob(account, "old", clock.instant().minus(Duration.ofHours(1)));
    audit.runRecent();
    sql("UPDATE jobs SET credit_state = 'RELEASED' WHERE id = :id", old);

    assertThat(audit.runRecent().breaches()).isEmpty();
    AuditReport full = audit.run();
    assertThat(full.breaches())
        .extracting(Breach::kind, Breach::jobId)
        .containsExactly(tuple(Breach.Kind.SETTLEMENT_MISMATCH, old));

    AuditReport recent = audit.runRecent();
    assertThat(recent.breaches()).isEmpty();
    assertThat(recent.lastFullAudit()).isEqualTo(full.checkedAt());
    assertThat(recent.lastFullAuditBreaches()).isEqualTo(1);
    assertThat(meters.get("cardgen.audit.breaches").gauge().value()).isEqualTo(1);
  }

  @Test
  void aFullAuditFindsRunningTotalsThatNoLongerMatchTheLedger() {
    UUID account = books.anAccountWithCredits(10);
    UUID job = books.aSucceededJob(account, "card", clock.instant());
    audit.runRecent();
    // Someone removes a charge the totals already hold: the ledger is append-only by contract.
    sql("DELETE FROM credit_ledger WHERE job_id = :id AND kind = 'CHARGE'", job);

    assertThat(audit.run().breaches())
        .extracting(Breach::kind, Breach::accountId)
        .contains(tuple(Breach.Kind.TOTALS_MISMATCH, account));
  }

  @Test
  void refusesToStartWithAWindowNoLongerThanTheInterval() {
    AuditProperties minuteWindow =
        new AuditProperties(
            Audits.MAX_RESERVATION_AGE,
            Duration.ofMinutes(1),
            100,
            Duration.ofHours(24),
            Duration.ofMinutes(1),
            Duration.ofMillis(100));

    assertThatThrownBy(
            () ->
                new CreditAudit(
                    new AuditQueries(database.jdbc()),
                    new LedgerTotals(database.jdbc(), database.transactions()),
                    new AuditMetrics(meters),
                    minuteWindow,
                    database.transactions(),
                    clock))
        .isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("cardgen.audit.recent-window");
  }
}
