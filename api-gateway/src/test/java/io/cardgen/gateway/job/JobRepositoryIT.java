package io.cardgen.gateway.job;

import static org.assertj.core.api.Assertions.assertThat;

import io.cardgen.gateway.testing.Books;
import io.cardgen.gateway.testing.BooksDatabase;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Instant;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** Recording a job and reserving its credit, against real PostgreSQL and the real schema. */
class JobRepositoryIT {

  @RegisterExtension static final BooksDatabase database = new BooksDatabase();
  private Books books;
  private JobRepository jobs;

  @BeforeEach
  void clear() {
    books = new Books(database.jdbc());
    jobs = new JobRepository(database.jdbc());
  }

  private static NewJob aJob(UUID account, String key) {
    return new NewJob(UUID.randomUUID(), account, key, "fp", "{}");
  }

  @Test
  void recordsTheJobItsLedgerRowAndTheReservationTogether() {
    UUID account = books.anAccountWithCredits(2);
    NewJob job = aJob(account, "k1");

    assertThat(jobs.insertReserving(job, Instant.now()))
        .isEqualTo(JobRepository.Recording.RECORDED);

    assertThat(reserved(account)).isEqualTo(1);
    assertThat(count("SELECT count(*) FROM jobs WHERE id = '" + job.id() + "'")).isEqualTo(1);
    assertThat(count("SELECT count(*) FROM credit_ledger WHERE kind = 'RESERVE'")).isEqualTo(1);
  }

  @Test
  void refusesWithoutAFreeCreditAndWritesNothing() {
    UUID account = books.anAccountWithCredits(1);
    jobs.insertReserving(aJob(account, "k1"), Instant.now());

    assertThat(jobs.insertReserving(aJob(account, "k2"), Instant.now()))
        .isEqualTo(JobRepository.Recording.NO_CREDIT);

    assertThat(reserved(account)).isEqualTo(1);
    assertThat(count("SELECT count(*) FROM jobs")).isEqualTo(1);
    assertThat(count("SELECT count(*) FROM credit_ledger WHERE kind = 'RESERVE'")).isEqualTo(1);
  }

  @Test
  void aTakenKeyRecordsNothingAndReservesNothing() {
    UUID account = books.anAccountWithCredits(5);
    jobs.insertReserving(aJob(account, "k1"), Instant.now());

    assertThat(jobs.insertReserving(aJob(account, "k1"), Instant.now()))
        .isEqualTo(JobRepository.Recording.KEY_TAKEN);

    assertThat(reserved(account)).isEqualTo(1);
    assertThat(count("SELECT count(*) FROM jobs")).isEqualTo(1);
  }

  /**
   * The last credit taken by a request that commits while this one is already past its check: this
   * one's job and ledger row are written, then its reservation breaks the account's CHECK, and the
   * whole statement rolls back.
   */
  @Test
  void losingTheRaceForTheLastCreditRollsTheJobBack() throws Exception {
    UUID account = books.anAccountWithCredits(1);
    NewJob loser = aJob(account, "loser");
    CompletableFuture<JobRepository.Recording> recording;
    try (Connection rival = database.dataSource().getConnection()) {
      rival.setAutoCommit(false);
      try (Statement statement = rival.createStatement()) {
        statement.executeUpdate(
            "UPDATE accounts SET reserved = reserved + 1 WHERE id = '" + account + "'");
      }
      recording = CompletableFuture.supplyAsync(() -> jobs.insertReserving(loser, Instant.now()));
      awaitOneBackendWaitingForALock();
      // ADR 0023: the waiting statement has written its job already; only the account's row, its
      // last step, waits. (With the account first, the same key would insert at once here.)
      assertThat(keyInsertWaitsForAnotherTransaction(account, loser.idempotencyKey())).isTrue();
      rival.commit();
    }

    assertThat(recording.get(30, TimeUnit.SECONDS)).isEqualTo(JobRepository.Recording.NO_CREDIT);
    assertThat(reserved(account)).isEqualTo(1);
    assertThat(count("SELECT count(*) FROM jobs")).isZero();
    assertThat(count("SELECT count(*) FROM credit_ledger WHERE kind = 'RESERVE'")).isZero();
  }

  /**
   * Whether inserting a job with this key has to wait for an uncommitted insert of the same key:
   * PostgreSQL's unique check waits for it, and the lock timeout turns that wait into an error.
   */
  private static boolean keyInsertWaitsForAnotherTransaction(UUID account, String key)
      throws Exception {
    try (Connection probe = database.dataSource().getConnection()) {
      probe.setAutoCommit(false);
      try (Statement statement = probe.createStatement()) {
        statement.execute("SET LOCAL lock_timeout = '500ms'");
        statement.executeUpdate(
            """
            INSERT INTO jobs (id, account_id, idempotency_key, fingerprint, spec, state,
                              credit_state, created_at, updated_at)
            VALUES (gen_random_uuid(), '%s', '%s', 'fp', '{}', 'QUEUED', 'RESERVED', now(), now())
            """
                .formatted(account, key));
        return false;
      } catch (java.sql.SQLException waited) {
        assertThat(waited.getSQLState()).as("lock_not_available").isEqualTo("55P03");
        return true;
      } finally {
        probe.rollback();
      }
    }
  }

  /** Polls PostgreSQL itself for the blocked statement: no sleep stands in for the race. */
  private static void awaitOneBackendWaitingForALock() throws Exception {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
    while (count("SELECT count(*) FROM pg_stat_activity WHERE wait_event_type = 'Lock'") < 1) {
      assertThat(System.nanoTime())
          .as("a statement waiting for the account row")
          .isLessThan(deadline);
      Thread.onSpinWait();
    }
  }

  private static long reserved(UUID account) {
    return count("SELECT reserved FROM accounts WHERE id = '" + account + "'");
  }

  private static long count(String sql) {
    try (Connection connection = database.dataSource().getConnection();
        Statement statement = connection.createStatement();
        ResultSet row = statement.executeQuery(sql)) {
      row.next();
      return row.getLong(1);
    } catch (java.sql.SQLException failure) {
      throw new IllegalStateException(failure);
    }
  }
}
