package io.cardgen.gateway.audit;

import static org.assertj.core.api.Assertions.assertThat;

import io.cardgen.gateway.testing.Books;
import io.cardgen.gateway.testing.BooksDatabase;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** Moving the audit's running totals forward: only past rows that can no longer appear. */
class LedgerTotalsIT {

  private static final Duration LOCK_WAIT = Duration.ofMillis(100);
  @RegisterExtension static final BooksDatabase database = new BooksDatabase();
  private Books books;
  private LedgerTotals totals;

  @BeforeEach
  void clear() {
    books = new Books(database.jdbc());
    totals = new LedgerTotals(database.jdbc(), database.transactions());
  }

  private long charged(UUID account) {
    return database
        .jdbc()
        .sql("SELECT COALESCE(sum(charged), 0) FROM ledger_totals WHERE account_id = :id")
        .param("id", account)
        .query(Long.class)
        .single();
  }

  /** Inserts a ledger row in a transaction left open; returns its id. */
  private static long openCharge(Connection connection, UUID account) throws Exception {
    connection.setAutoCommit(false);
    try (PreparedStatement insert =
        connection.prepareStatement(
            "INSERT INTO credit_ledger (account_id, kind, amount) VALUES (?, 'CHARGE', 1)"
                + " RETURNING id")) {
      insert.setObject(1, account);
      try (ResultSet id = insert.executeQuery()) {
        id.next();
        return id.getLong(1);
      }
    }
  }

  @Test
  void doesNotMovePastARowStillBeingWritten() throws Exception {
    UUID account = books.anAccountWithCredits(10);
    try (Connection slow = database.dataSource().getConnection()) {
      // The slow writer takes its id first; a later one commits a higher id before it.
      long pending = openCharge(slow, account);
      books.ledger(account, null, "CHARGE", 1);

      assertThat(totals.advance(LOCK_WAIT)).isEmpty();
      assertThat(totals.through()).isLessThan(pending);

      slow.commit();
    }
    assertThat(totals.advance(LOCK_WAIT)).isPresent();
    assertThat(charged(account)).isEqualTo(2);
  }

  @Test
  void replicasAdvancingTogetherCountEveryRowOnce() throws Exception {
    UUID account = books.anAccountWithCredits(1_000);
    ExecutorService pool = Executors.newFixedThreadPool(3);
    try {
      Callable<Void> writer =
          () -> {
            for (int row = 0; row < 300; row++) {
              books.ledger(account, null, "CHARGE", 1);
            }
            return null;
          };
      Callable<Void> advancer =
          () -> {
            for (int run = 0; run < 40; run++) {
              totals.advance(LOCK_WAIT);
            }
            return null;
          };
      List<Future<Void>> running = new ArrayList<>();
      for (Callable<Void> task : List.of(writer, advancer, advancer)) {
        running.add(pool.submit(task));
      }
      for (Future<Void> task : running) {
        task.get(2, TimeUnit.MINUTES);
      }
    } finally {
      pool.shutdownNow();
    }
    while (totals.advance(LOCK_WAIT).isEmpty()) {
      Thread.onSpinWait();
    }

    assertThat(charged(account)).isEqualTo(300);
    assertThat(
            database
                .jdbc()
                .sql("SELECT credited FROM ledger_totals WHERE account_id = :id")
                .param("id", account)
                .query(Long.class)
                .single())
        .isEqualTo(1_000);
  }

  @Test
  void oneCallerClaimsEachFullAudit() {
    Instant now = Instant.parse("2026-11-26T12:00:00Z");
    Duration every = Duration.ofHours(24);

    assertThat(totals.claimFullAudit(now, every)).isTrue();
    assertThat(totals.claimFullAudit(now.plusSeconds(60), every)).isFalse();
    assertThat(totals.claimFullAudit(now.plus(every), every)).isTrue();
  }

  private static final String ROW_LOCK_WAITS =
      "SELECT count(*) FROM pg_locks WHERE NOT granted AND locktype = 'transactionid'";
  private static final String LEDGER_LOCK_REQUESTS =
      """
      SELECT count(*) FROM pg_locks
      WHERE NOT granted AND mode = 'ShareLock' AND relation = CAST('credit_ledger' AS regclass)
      """;

  /**
   * Waits, by asking PostgreSQL, until {@code waiting} counts a lock someone waits for, or until
   * {@code over} says there is nothing left to wait for.
   */
  private static void awaitWaiting(String waiting, BooleanSupplier over) {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
    while (!over.getAsBoolean() && database.jdbc().sql(waiting).query(Long.class).single() == 0) {
      assertThat(System.nanoTime()).as("someone waiting: %s", waiting).isLessThan(deadline);
      Thread.onSpinWait();
    }
  }

  @Test
  void givesUpBeforeAWaitCycleThroughAnAccountRowBecomesADeadlock() throws Exception {
    UUID account = books.anAccountWithCredits(10);
    ExecutorService pool = Executors.newFixedThreadPool(2);
    try (Connection batch = database.dataSource().getConnection();
        Connection charge = database.dataSource().getConnection()) {
      // A batch creation's transaction: the account row first, its ledger rows later.
      batch.setAutoCommit(false);
      try (PreparedStatement hold =
          batch.prepareStatement("UPDATE accounts SET reserved = reserved WHERE id = ?")) {
        hold.setObject(1, account);
        hold.executeUpdate();
      }
      // A money statement: holds the ledger (ROW EXCLUSIVE) and waits for the account row.
      Future<Integer> charging =
          pool.submit(
              () -> {
                try (PreparedStatement move =
                    charge.prepareStatement(
                        """
                        WITH a AS (UPDATE accounts SET reserved = reserved WHERE id = ? RETURNING id)
                        INSERT INTO credit_ledger (account_id, kind, amount)
                        SELECT id, 'CHARGE', 1 FROM a
                        """)) {
                  move.setObject(1, account);
                  return move.executeUpdate();
                }
              });
      awaitWaiting(ROW_LOCK_WAITS, () -> false);
      // The batch's ledger insert, queued behind the totals' lock request once it is made (on a
      // box so slow that the request timed out first, it simply goes through).
      AtomicBoolean advanced = new AtomicBoolean();
      Future<Integer> batchRows =
          pool.submit(
              () -> {
                awaitWaiting(LEDGER_LOCK_REQUESTS, advanced::get);
                try (PreparedStatement insert =
                    batch.prepareStatement(
                        "INSERT INTO credit_ledger (account_id, kind, amount)"
                            + " VALUES (?, 'RESERVE', 1)")) {
                  insert.setObject(1, account);
                  int rows = insert.executeUpdate();
                  batch.commit();
                  return rows;
                }
              });
      long started = System.nanoTime();

      Optional<Long> moved = totals.advance(LOCK_WAIT);
      advanced.set(true);

      assertThat(moved).isEmpty();
      assertThat(Duration.ofNanos(System.nanoTime() - started)).isLessThan(Duration.ofSeconds(1));
      assertThat(batchRows.get(30, TimeUnit.SECONDS)).isEqualTo(1);
      assertThat(charging.get(30, TimeUnit.SECONDS)).isEqualTo(1);
    } finally {
      pool.shutdownNow();
    }
    assertThat(totals.advance(LOCK_WAIT)).isPresent();
    assertThat(charged(account)).isEqualTo(1);
  }
}
