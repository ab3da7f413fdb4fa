package io.cardgen.gateway.credit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.cardgen.gateway.credit.CreditTopUp.Outcome;
import io.cardgen.gateway.testing.Books;
import io.cardgen.gateway.testing.BooksDatabase;
import io.cardgen.testsupport.SettableClock;
import java.lang.reflect.Proxy;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.springframework.dao.DataAccessException;
import org.springframework.jdbc.core.simple.JdbcClient;

/** The admin top-up under an idempotency key, against a real PostgreSQL and the real schema. */
class CreditTopUpIT {

  @RegisterExtension static final BooksDatabase database = new BooksDatabase();
  private final SettableClock clock = new SettableClock();
  private Books books;
  private CreditTopUp topUp;

  @BeforeEach
  void setUp() {
    books = new Books(database.jdbc());
    topUp =
        new CreditTopUp(
            new CreditLedger(database.jdbc()), database.jdbc(), database.transaction(), clock);
  }

  private Outcome add(UUID account, long amount, String key) {
    return topUp.add(account, amount, Optional.ofNullable(key));
  }

  @Test
  void addsTheCreditsWithTheirLedgerRowAndRecordsTheKey() {
    UUID account = books.anAccountWithCredits(10);

    assertThat(add(account, 5, "invoice-1")).isEqualTo(Outcome.ADDED);

    assertThat(balance(account)).isEqualTo(15);
    assertThat(credits(account)).containsExactly(10L, 5L);
    assertThat(
            database
                .jdbc()
                .sql(
                    "SELECT account_id, amount, created_at FROM admin_credit_grants"
                        + " WHERE idempotency_key = 'invoice-1'")
                .query(
                    (row, n) ->
                        List.of(
                            row.getObject(1, UUID.class),
                            row.getLong(2),
                            row.getTimestamp(3).toInstant()))
                .single())
        .containsExactly(account, 5L, clock.instant());
  }

  @Test
  void aRepeatWithTheSameKeyAndAmountAddsNothing() {
    UUID account = books.anAccountWithCredits(10);
    add(account, 5, "invoice-1");

    assertThat(add(account, 5, "invoice-1")).isEqualTo(Outcome.REPLAYED);
    assertThat(add(account, 5, "invoice-1")).isEqualTo(Outcome.REPLAYED);

    assertThat(balance(account)).isEqualTo(15);
    assertThat(credits(account)).containsExactly(10L, 5L);
  }

  @Test
  void theSameKeyWithAnotherAmountOrForAnotherAccountIsAConflictAndAddsNothing() {
    UUID account = books.anAccountWithCredits(10);
    UUID other = books.anAccountWithCredits(10);
    add(account, 5, "invoice-1");

    assertThat(add(account, 6, "invoice-1")).isEqualTo(Outcome.CONFLICT);
    assertThat(add(other, 5, "invoice-1")).isEqualTo(Outcome.CONFLICT);
    assertThat(add(UUID.randomUUID(), 5, "invoice-1")).isEqualTo(Outcome.CONFLICT);

    assertThat(balance(account)).isEqualTo(15);
    assertThat(balance(other)).isEqualTo(10);
    assertThat(credits(other)).containsExactly(10L);
  }

  @Test
  void anUnknownAccountGetsNothingAndDoesNotTakeTheKey() {
    UUID account = books.anAccountWithCredits(10);

    assertThat(add(UUID.randomUUID(), 5, "invoice-1")).isEqualTo(Outcome.NO_ACCOUNT);
    assertThat(add(UUID.randomUUID(), 5, null)).isEqualTo(Outcome.NO_ACCOUNT);

    assertThat(grants()).isZero();
    assertThat(add(account, 5, "invoice-1")).isEqualTo(Outcome.ADDED);
  }

  @Test
  void aKeyForgottenBetweenItsClaimAndItsLookupIsClaimedAnew() {
    UUID account = books.anAccountWithCredits(10);
    add(account, 5, "invoice-1");
    // Key retention removes the grant just after the retry's claim found the key taken.
    CreditTopUp forgetting =
        new CreditTopUp(
            new CreditLedger(database.jdbc()),
            forgettingBeforeTheLookup(database.jdbc(), "invoice-1"),
            database.transaction(),
            clock);

    assertThat(forgetting.add(account, 5, Optional.of("invoice-1"))).isEqualTo(Outcome.ADDED);

    assertThat(balance(account)).as("a new grant, as any call after the retention").isEqualTo(20);
    assertThat(credits(account)).containsExactly(10L, 5L, 5L);
  }

  /** {@code jdbc}, except that the grant of {@code key} is deleted before the key is looked up. */
  private static JdbcClient forgettingBeforeTheLookup(JdbcClient jdbc, String key) {
    AtomicBoolean forgotten = new AtomicBoolean();
    return (JdbcClient)
        Proxy.newProxyInstance(
            JdbcClient.class.getClassLoader(),
            new Class<?>[] {JdbcClient.class},
            (proxy, method, arguments) -> {
              if (method.getName().equals("sql")
                  && ((String) arguments[0]).startsWith("SELECT account_id, amount")
                  && forgotten.compareAndSet(false, true)) {
                database
                    .jdbc()
                    .sql("DELETE FROM admin_credit_grants WHERE idempotency_key = :key")
                    .param("key", key)
                    .update();
              }
              return method.invoke(jdbc, arguments);
            });
  }

  @Test
  void withoutAKeyEveryCallAddsItsCredits() {
    UUID account = books.anAccountWithCredits(10);

    assertThat(add(account, 5, null)).isEqualTo(Outcome.ADDED);
    assertThat(add(account, 5, null)).isEqualTo(Outcome.ADDED);

    assertThat(balance(account)).isEqualTo(20);
    assertThat(credits(account)).containsExactly(10L, 5L, 5L);
    assertThat(grants()).isZero();
  }

  /** The key, the balance and the ledger row are one transaction: a failure keeps none of them. */
  @Test
  void aTopUpThatFailsAfterItsClaimLeavesNeitherKeyNorCredit() {
    UUID account = books.anAccountWithCredits(10);
    database
        .jdbc()
        .sql("UPDATE accounts SET balance = 9223372036854775800 WHERE id = :id")
        .param("id", account)
        .update();

    assertThatThrownBy(() -> add(account, 1_000, "invoice-1"))
        .as("bigint out of range")
        .isInstanceOf(DataAccessException.class);

    assertThat(grants()).isZero();
    assertThat(credits(account)).containsExactly(10L);
    database
        .jdbc()
        .sql("UPDATE accounts SET balance = 10 WHERE id = :id")
        .param("id", account)
        .update();
    assertThat(add(account, 1_000, "invoice-1")).isEqualTo(Outcome.ADDED);
    assertThat(balance(account)).isEqualTo(1_010);
  }

  @Test
  void concurrentCallsWithOneKeyAddTheCreditsExactlyOnce() throws Exception {
    UUID account = books.anAccountWithCredits(10);
    int callers = 8;
    ExecutorService threads = Executors.newFixedThreadPool(callers);
    try {
      CountDownLatch start = new CountDownLatch(1);
      List<Future<Outcome>> calls = new ArrayList<>();
      for (int caller = 0; caller < callers; caller++) {
        calls.add(
            threads.submit(
                () -> {
                  start.await();
                  return add(account, 5, "retried-invoice");
                }));
      }
      start.countDown();
      List<Outcome> outcomes = new ArrayList<>();
      for (Future<Outcome> call : calls) {
        outcomes.add(call.get(60, TimeUnit.SECONDS));
      }

      assertThat(outcomes).containsOnlyOnce(Outcome.ADDED);
      assertThat(outcomes).filteredOn(Outcome.REPLAYED::equals).hasSize(callers - 1);
    } finally {
      threads.shutdownNow();
    }
    assertThat(balance(account)).isEqualTo(15);
    assertThat(credits(account)).containsExactly(10L, 5L);
    assertThat(grants()).isOne();
  }

  /**
   * A repeat arriving while the first call's transaction is still open waits for it (the key's
   * unique index), then sees its grant and adds nothing; when the first rolls back instead, the
   * repeat's own claim goes ahead and adds the credits.
   */
  @Test
  void aRepeatWaitsForTheCallInFlightThenReplaysItOrTakesOverWhenItRollsBack() throws Exception {
    ExecutorService threads = Executors.newFixedThreadPool(2);
    try {
      for (boolean firstCommits : new boolean[] {true, false}) {
        UUID account = books.anAccountWithCredits(10);
        String key = "in-flight-" + firstCommits;
        CountDownLatch claimed = new CountDownLatch(1);
        CountDownLatch finish = new CountDownLatch(1);
        Future<Outcome> first =
            threads.submit(
                () ->
                    database
                        .transaction()
                        .execute(
                            status -> {
                              Outcome outcome = add(account, 5, key);
                              claimed.countDown();
                              await(finish);
                              if (!firstCommits) {
                                status.setRollbackOnly();
                              }
                              return outcome;
                            }));
        await(claimed);
        Future<Outcome> repeat = threads.submit(() -> add(account, 5, key));
        awaitOneBackendWaitingForALock();
        assertThat(repeat.isDone()).as("waits for the first call's transaction").isFalse();
        finish.countDown();

        assertThat(first.get(30, TimeUnit.SECONDS)).isEqualTo(Outcome.ADDED);
        assertThat(repeat.get(30, TimeUnit.SECONDS))
            .as("first call commits: " + firstCommits)
            .isEqualTo(firstCommits ? Outcome.REPLAYED : Outcome.ADDED);
        assertThat(balance(account)).isEqualTo(15);
        assertThat(credits(account)).containsExactly(10L, 5L);
      }
    } finally {
      threads.shutdownNow();
    }
  }

  private static void await(CountDownLatch latch) {
    try {
      assertThat(latch.await(30, TimeUnit.SECONDS)).isTrue();
    } catch (InterruptedException interrupted) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(interrupted);
    }
  }

  /** Polls PostgreSQL itself for the blocked statement: no sleep stands in for the race. */
  private static void awaitOneBackendWaitingForALock() {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
    while (database
            .jdbc()
            .sql("SELECT count(*) FROM pg_stat_activity WHERE wait_event_type = 'Lock'")
            .query(Long.class)
            .single()
        < 1) {
      assertThat(System.nanoTime()).as("a repeat waiting for the key").isLessThan(deadline);
      Thread.onSpinWait();
    }
  }

  private static long balance(UUID account) {
    return database
        .jdbc()
        .sql("SELECT balance FROM accounts WHERE id = :id")
        .param("id", account)
        .query(Long.class)
        .single();
  }

  private static List<Long> credits(UUID account) {
    return database
        .jdbc()
        .sql(
            "SELECT amount FROM credit_ledger WHERE account_id = :id AND kind = 'CREDIT' ORDER BY id")
        .param("id", account)
        .query(Long.class)
        .list();
  }

  private static long grants() {
    return database
        .jdbc()
        .sql("SELECT count(*) FROM admin_credit_grants")
        .query(Long.class)
        .single();
  }
}
