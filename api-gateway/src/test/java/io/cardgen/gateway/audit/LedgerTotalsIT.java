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
import java.util.UUID;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
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
}
