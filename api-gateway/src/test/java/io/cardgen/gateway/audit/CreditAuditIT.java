package io.cardgen.gateway.audit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.groups.Tuple.tuple;

import io.cardgen.gateway.testing.Books;
import io.cardgen.gateway.testing.BooksDatabase;
import io.cardgen.testsupport.SettableClock;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.time.Duration;
import java.time.Instant;
import java.util.UUID;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

class CreditAuditIT {

  private static final Duration MAX_AGE = Audits.MAX_RESERVATION_AGE;
  @RegisterExtension static final BooksDatabase database = new BooksDatabase();
  private final SettableClock clock = new SettableClock();
  private final SimpleMeterRegistry meters = new SimpleMeterRegistry();
  private Books books;
  private CreditAudit audit;

  @BeforeEach
  void clear() {
    books = new Books(database.jdbc());
    audit = audit(100);
  }

  private CreditAudit audit(int maxListed) {
    return audit(maxListed, new SimpleMeterRegistry());
  }

  private CreditAudit audit(int maxListed, SimpleMeterRegistry registry) {
    return Audits.audit(database, clock, registry, maxListed);
  }

  private Instant now() {
    return clock.instant();
  }

  private void sql(String statement, UUID id) {
    database.jdbc().sql(statement).param("id", id).update();
  }

  @Test
  void findsBooksKeptTheWayGatewayAndWorkerKeepThemClean() {
    UUID account = books.anAccountWithCredits(10);
    books.aQueuedJob(account, "running", now());
    books.aSucceededJob(account, "card", now());
    books.aFailedJob(account, "failure", now());
    books.anAccountWithCredits(3);

    AuditReport report = audit.run();

    assertThat(report.breaches()).isEmpty();
    assertThat(report.clean()).isTrue();
    assertThat(report.accounts()).isEqualTo(2);
    assertThat(report.credited()).isEqualTo(13);
    assertThat(report.charged()).isEqualTo(1);
    assertThat(report.released()).isEqualTo(1);
    assertThat(report.balance()).isEqualTo(12);
    assertThat(report.reserved()).isEqualTo(1);
    assertThat(report.jobsInProgress()).isEqualTo(1);
    assertThat(report.cards()).isEqualTo(1);
  }

  @Test
  void reportsABalanceTheLedgerDoesNotExplain() {
    UUID account = books.anAccountWithCredits(10);
    sql("UPDATE accounts SET balance = balance + 1 WHERE id = :id", account);

    AuditReport report = audit.run();

    assertThat(report.clean()).isFalse();
    assertThat(report.breaches())
        .singleElement()
        .satisfies(
            breach -> {
              assertThat(breach.kind()).isEqualTo(Breach.Kind.BALANCE_MISMATCH);
              assertThat(breach.accountId()).isEqualTo(account);
              assertThat(breach.detail()).isEqualTo("balance 11 + charged 0 != credited 10");
            });
  }

  @Test
  void reportsCreditHeldWithoutAJobInProgress() {
    UUID account = books.anAccountWithCredits(10);
    sql("UPDATE accounts SET reserved = reserved + 1 WHERE id = :id", account);

    assertThat(audit.run().breaches())
        .extracting(Breach::kind, Breach::accountId)
        .containsExactly(tuple(Breach.Kind.RESERVED_MISMATCH, account));
  }

  @Test
  void reportsAJobReleasedAfterItWasCharged() {
    UUID account = books.anAccountWithCredits(10);
    UUID job = books.aSucceededJob(account, "charged", now());
    books.ledger(account, job, "RELEASE", 1);

    AuditReport report = audit.run();

    assertThat(report.breaches())
        .filteredOn(breach -> breach.kind() == Breach.Kind.SETTLEMENT_MISMATCH)
        .singleElement()
        .satisfies(
            breach -> {
              assertThat(breach.jobId()).isEqualTo(job);
              assertThat(breach.detail())
                  .isEqualTo("SUCCEEDED/CHARGED with 1 reserve, 1 charge, 1 release in the ledger");
            });
  }

  @Test
  void reportsAChargeWithoutItsCardAndACardWithoutItsCharge() {
    UUID account = books.anAccountWithCredits(10);
    UUID charged = books.aSucceededJob(account, "lost-card", now());
    sql("DELETE FROM cards WHERE job_id = :id", charged);
    UUID failed = books.aFailedJob(account, "free-card", now());
    books.aCardFor(account, failed, now());

    assertThat(audit.run().breaches())
        .extracting(Breach::kind, Breach::jobId)
        .contains(
            tuple(Breach.Kind.CHARGE_WITHOUT_CARD, charged),
            tuple(Breach.Kind.CARD_WITHOUT_CHARGE, failed));
  }

  @Test
  void reportsAReservationOlderThanTheLongestPossibleJob() {
    UUID account = books.anAccountWithCredits(10);
    UUID stale = books.aQueuedJob(account, "stale", now().minus(MAX_AGE).minusSeconds(1));
    books.aQueuedJob(account, "young", now().minus(MAX_AGE).plusSeconds(1));

    assertThat(audit.run().breaches())
        .extracting(Breach::kind, Breach::jobId)
        .containsExactly(tuple(Breach.Kind.STALE_RESERVATION, stale));
  }

  @Test
  void chargesOfKeysRemovedAfterTheirRetentionStillBalance() {
    UUID account = books.anAccountWithCredits(10);
    UUID job = books.aSucceededJob(account, "expired", now());
    sql("DELETE FROM cards WHERE job_id = :id", job);
    sql("DELETE FROM jobs WHERE id = :id", job);

    AuditReport report = audit.run();

    assertThat(report.breaches()).isEmpty();
    assertThat(report.charged()).isEqualTo(1);
    assertThat(report.cards()).isZero();
  }

  @Test
  void listsAtMostTheConfiguredNumberOfBreachesPerKindAndSaysSo() {
    UUID account = books.anAccountWithCredits(10);
    for (int job = 0; job < 3; job++) {
      books.aQueuedJob(account, "stale-" + job, now().minus(Duration.ofHours(1)));
    }

    AuditReport report = audit(2).run();

    assertThat(report.breaches()).hasSize(2);
    assertThat(report.truncated()).isTrue();
  }

  @Test
  void exposesTheLastAuditAsGauges() {
    CreditAudit measured = audit(100, meters);
    assertThat(meters.get("cardgen.audit.breaches").gauge().value()).isNaN();
    UUID account = books.anAccountWithCredits(7);

    measured.run();
    assertThat(meters.get("cardgen.audit.breaches").gauge().value()).isZero();
    assertThat(meters.get("cardgen.audit.credited").gauge().value()).isEqualTo(7);

    sql("UPDATE accounts SET balance = balance - 1 WHERE id = :id", account);
    measured.run();
    assertThat(meters.get("cardgen.audit.breaches").gauge().value()).isEqualTo(1);
  }
}
