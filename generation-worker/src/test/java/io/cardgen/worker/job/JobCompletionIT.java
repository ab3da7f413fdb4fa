package io.cardgen.worker.job;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.cardgen.common.card.CardContent;
import io.cardgen.common.error.ErrorCode;
import io.cardgen.common.request.Style;
import io.cardgen.testsupport.SettableClock;
import io.cardgen.worker.card.CardInsert;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import javax.sql.DataSource;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.dao.DataIntegrityViolationException;
import org.springframework.test.context.junit.jupiter.SpringJUnitConfig;

@SpringJUnitConfig(JobStoreTestConfiguration.class)
class JobCompletionIT {

  private static final Duration LEASE = Duration.ofSeconds(120);

  @Autowired JobClaims claims;
  @Autowired JobCompletion completion;
  @Autowired JobFixtures fixtures;
  @Autowired SettableClock clock;
  @Autowired DataSource dataSource;

  private ClaimedJob claim(UUID job, String worker) {
    Instant now = clock.instant();
    return claims.claim(job, worker, now, now.plus(LEASE), 3).orElseThrow();
  }

  private CardInsert.NewCard aCard(ClaimedJob job) {
    return new CardInsert.NewCard(
        UUID.randomUUID(),
        job.id(),
        job.accountId(),
        Style.STANDARD,
        new CardContent("Описание", List.of("a", "b", "c"), "Всем", null, null),
        List.of("products/x/y.png"),
        "v1",
        10,
        20,
        clock.instant());
  }

  @Test
  void chargesOneCreditWithTheCard() {
    UUID account = fixtures.anAccountWithCredits(5);
    UUID job = fixtures.aQueuedJob(account, clock.instant());
    ClaimedJob claimed = claim(job, "worker-a");

    assertThat(completion.succeed(claimed, aCard(claimed))).isTrue();

    assertThat(fixtures.balance(account)).isEqualTo(4);
    assertThat(fixtures.reserved(account)).isZero();
    assertThat(fixtures.cards(job)).isEqualTo(1);
    assertThat(fixtures.ledgerEntries(job, "CHARGE")).isEqualTo(1);
    assertThat(fixtures.state(job)).isEqualTo("SUCCEEDED/CHARGED");
  }

  @Test
  void releasesTheCreditWhenGenerationFails() {
    UUID account = fixtures.anAccountWithCredits(5);
    UUID job = fixtures.aQueuedJob(account, clock.instant());
    ClaimedJob claimed = claim(job, "worker-a");

    assertThat(completion.fail(claimed, ErrorCode.GENERATION_REFUSED)).isTrue();

    assertThat(fixtures.balance(account)).isEqualTo(5);
    assertThat(fixtures.reserved(account)).isZero();
    assertThat(fixtures.ledgerEntries(job, "RELEASE")).isEqualTo(1);
    assertThat(fixtures.state(job)).isEqualTo("FAILED/RELEASED");
  }

  @Test
  void aFailureKeepsTheDetailItWasGivenAndNoneOtherwise() {
    UUID account = fixtures.anAccountWithCredits(5);
    UUID photo = fixtures.aQueuedJob(account, clock.instant());
    UUID other = fixtures.aQueuedJob(account, clock.instant());

    assertThat(
            completion.fail(
                claim(photo, "worker-a"), ErrorCode.IMAGE_INVALID, "Фото 2: файл повреждён."))
        .isTrue();
    assertThat(completion.fail(claim(other, "worker-a"), ErrorCode.GENERATION_REFUSED)).isTrue();

    assertThat(fixtures.failure(photo)).isEqualTo("image_invalid / Фото 2: файл повреждён.");
    assertThat(fixtures.failure(other)).isEqualTo("generation_refused / null");
  }

  @Test
  void aWorkerFinishingAfterItsLeaseWasTakenOverCannotChargeAgain() {
    UUID account = fixtures.anAccountWithCredits(5);
    UUID job = fixtures.aQueuedJob(account, clock.instant());
    ClaimedJob late = claim(job, "worker-a");
    clock.advance(LEASE.plusSeconds(1));
    ClaimedJob takeover = claim(job, "worker-b");

    assertThat(completion.succeed(takeover, aCard(takeover))).isTrue();
    assertThat(completion.succeed(late, aCard(late))).isFalse();
    assertThat(completion.fail(late, ErrorCode.GENERATION_FAILED)).isFalse();

    assertThat(fixtures.balance(account)).isEqualTo(4);
    assertThat(fixtures.reserved(account)).isZero();
    assertThat(fixtures.cards(job)).isEqualTo(1);
    assertThat(fixtures.ledgerEntries(job, "CHARGE")).isEqualTo(1);
    assertThat(fixtures.ledgerEntries(job, "RELEASE")).isZero();
  }

  /**
   * ADR 0001, for the same worker: its identity is its process, so a job redelivered after its
   * lease ran out can be claimed again by it while the first attempt still runs. The stale attempt
   * must not decide the job's end, neither by charging nor by releasing under the live one.
   */
  @Test
  void aStaleAttemptOfTheSameWorkerCannotEndTheJob() {
    UUID account = fixtures.anAccountWithCredits(5);
    UUID job = fixtures.aQueuedJob(account, clock.instant());
    ClaimedJob stale = claim(job, "worker-a");
    clock.advance(LEASE.plusSeconds(1));
    ClaimedJob live = claim(job, "worker-a");

    assertThat(completion.fail(stale, ErrorCode.GENERATION_FAILED)).isFalse();
    assertThat(completion.succeed(stale, aCard(stale))).isFalse();
    assertThat(fixtures.state(job)).isEqualTo("RUNNING/RESERVED");
    assertThat(completion.succeed(live, aCard(live))).isTrue();

    assertThat(fixtures.balance(account)).isEqualTo(4);
    assertThat(fixtures.reserved(account)).isZero();
    assertThat(fixtures.cards(job)).isEqualTo(1);
    assertThat(fixtures.ledgerEntries(job, "RELEASE")).isZero();
  }

  @Test
  void anAbandonedJobIsFailedAndReleasedExactlyOnce() {
    UUID account = fixtures.anAccountWithCredits(5);
    UUID job = fixtures.aQueuedJob(account, clock.instant());

    assertThat(completion.failAbandoned(job, ErrorCode.GENERATION_FAILED)).isTrue();
    assertThat(completion.failAbandoned(job, ErrorCode.GENERATION_FAILED)).isFalse();

    assertThat(fixtures.reserved(account)).isZero();
    assertThat(fixtures.balance(account)).isEqualTo(5);
    assertThat(fixtures.ledgerEntries(job, "RELEASE")).isEqualTo(1);
  }

  @Test
  void theSweeperCannotReleaseAJobThatWasCharged() {
    UUID account = fixtures.anAccountWithCredits(5);
    UUID job = fixtures.aQueuedJob(account, clock.instant());
    ClaimedJob claimed = claim(job, "worker-a");
    assertThat(completion.succeed(claimed, aCard(claimed))).isTrue();
    clock.advance(LEASE.plusSeconds(60));

    assertThat(completion.failAbandoned(job, ErrorCode.GENERATION_FAILED)).isFalse();

    assertThat(fixtures.state(job)).isEqualTo("SUCCEEDED/CHARGED");
    assertThat(fixtures.ledgerEntries(job, "RELEASE")).isZero();
    assertThat(fixtures.balance(account)).isEqualTo(4);
  }

  @Test
  void aWorkerFinishingWhileTheSweeperGivesUpEitherChargesOrReleasesNeverBoth() throws Exception {
    UUID account = fixtures.anAccountWithCredits(100);
    ExecutorService racers = Executors.newFixedThreadPool(2);
    try {
      for (int round = 0; round < 30; round++) {
        UUID job = fixtures.aQueuedJob(account, clock.instant());
        Instant now = clock.instant();
        ClaimedJob late = claims.claim(job, "late", now, now.minusSeconds(1), 3).orElseThrow();
        CountDownLatch start = new CountDownLatch(1);
        Future<Boolean> charged =
            racers.submit(
                () -> {
                  start.await();
                  return completion.succeed(late, aCard(late));
                });
        Future<Boolean> released =
            racers.submit(
                () -> {
                  start.await();
                  return completion.failAbandoned(job, ErrorCode.GENERATION_FAILED);
                });
        start.countDown();

        assertThat(charged.get() ^ released.get()).as("round %d: exactly one wins", round).isTrue();
        int charges = fixtures.ledgerEntries(job, "CHARGE");
        assertThat(charges + fixtures.ledgerEntries(job, "RELEASE")).isOne();
        assertThat(fixtures.cards(job)).isEqualTo(charges);
      }
    } finally {
      racers.shutdownNow();
    }
    assertThat(fixtures.reserved(account)).isZero();
  }

  @Test
  void booksThatDisagreeRefuseTheWholeMoveAndWriteNoCard() {
    UUID account = fixtures.anAccountWithCredits(5);
    UUID job = fixtures.aQueuedJob(account, clock.instant());
    ClaimedJob claimed = claim(job, "worker-a");
    fixtures.setReserved(account, 0);

    assertThatThrownBy(() -> completion.succeed(claimed, aCard(claimed)))
        .isInstanceOf(DataIntegrityViolationException.class);

    assertThat(fixtures.cards(job)).isZero();
    assertThat(fixtures.ledgerEntries(job, "CHARGE")).isZero();
    assertThat(fixtures.balance(account)).isEqualTo(5);
    assertThat(fixtures.state(job)).isEqualTo("RUNNING/RESERVED");
  }

  @Test
  void aBatchItemIsChargedCardedAndCountedTogether() {
    UUID account = fixtures.anAccountWithCredits(5);
    List<UUID> items = fixtures.aBatch(account, 2, null, clock.instant());
    ClaimedJob first = claim(items.get(0), "worker-a");
    ClaimedJob second = claim(items.get(1), "worker-a");

    assertThat(completion.succeed(first, aCard(first))).isTrue();
    assertThat(completion.fail(second, ErrorCode.GENERATION_FAILED)).isTrue();
    assertThat(completion.succeed(first, aCard(first))).isFalse();

    assertThat(fixtures.cards(first.id())).isOne();
    assertThat(fixtures.ledgerEntries(first.id(), "CHARGE")).isOne();
    assertThat(fixtures.ledgerEntries(second.id(), "RELEASE")).isOne();
    assertThat(fixtures.balance(account)).isEqualTo(4);
    assertThat(fixtures.reserved(account)).isZero();
    assertThat(fixtures.batchStatus(first.id())).isEqualTo("completed 1/1");
    assertThat(fixtures.seqs(items)).containsExactly(1, 2);
  }

  @Test
  void itemsOfOneBatchEndingTogetherAreEachCountedOnceAndTheBatchEndsOnce() throws Exception {
    int total = 40;
    UUID account = fixtures.anAccountWithCredits(total);
    List<UUID> items = fixtures.aBatch(account, total, "https://example.com/hook", clock.instant());
    List<ClaimedJob> claimed = items.stream().map(item -> claim(item, "worker-a")).toList();
    ExecutorService workers = Executors.newFixedThreadPool(8);
    CountDownLatch start = new CountDownLatch(1);
    try {
      List<Future<Boolean>> ends = new java.util.ArrayList<>();
      for (int i = 0; i < total; i++) {
        ClaimedJob job = claimed.get(i);
        boolean fails = i % 4 == 0;
        ends.add(
            workers.submit(
                () -> {
                  start.await();
                  return fails
                      ? completion.fail(job, ErrorCode.GENERATION_FAILED)
                      : completion.succeed(job, aCard(job));
                }));
      }
      start.countDown();
      for (Future<Boolean> end : ends) {
        assertThat(end.get(30, TimeUnit.SECONDS)).isTrue();
      }
    } finally {
      workers.shutdownNow();
    }

    assertThat(fixtures.batchStatus(items.get(0))).isEqualTo("completed 30/10");
    assertThat(fixtures.seqs(items))
        .containsExactlyInAnyOrderElementsOf(
            java.util.stream.IntStream.rangeClosed(1, total).boxed().toList());
    assertThat(fixtures.webhookEvents(account)).isOne();
    assertThat(fixtures.balance(account)).isEqualTo(total - 30);
    assertThat(fixtures.reserved(account)).isZero();
  }

  @Test
  void aBatchItemEndedLateIsNotCountedAgain() {
    UUID account = fixtures.anAccountWithCredits(5);
    List<UUID> items = fixtures.aBatch(account, 3, null, clock.instant());
    ClaimedJob late = claim(items.get(0), "worker-a");
    clock.advance(LEASE.plusSeconds(1));
    ClaimedJob takeover = claim(items.get(0), "worker-b");

    assertThat(completion.succeed(takeover, aCard(takeover))).isTrue();
    assertThat(completion.succeed(late, aCard(late))).isFalse();
    assertThat(completion.fail(late, ErrorCode.GENERATION_FAILED)).isFalse();

    assertThat(fixtures.batchStatus(items.get(0))).isEqualTo("in_progress 1/0");
    assertThat(fixtures.seqs(items)).containsExactly(1, 0, 0);
    assertThat(fixtures.ledgerEntries(items.get(0), "CHARGE")).isOne();
    assertThat(fixtures.cards(items.get(0))).isOne();
  }

  /**
   * A worker finishing a batch item late (its lease ran out) locks the job, then the batch. The
   * sweeper failing the same job must not take the batch and then wait for the job, which would
   * deadlock with it: it leaves a job its worker holds locked to the next sweep.
   */
  @Test
  void theSweeperLeavesARunningItemItsWorkerIsEndingAndTakesNoBatchLock() throws Exception {
    UUID account = fixtures.anAccountWithCredits(5);
    UUID item = fixtures.aBatch(account, 2, null, clock.instant()).get(0);
    claim(item, "worker-a");
    clock.advance(LEASE.plusSeconds(1));
    try (Connection worker = dataSource.getConnection()) {
      worker.setAutoCommit(false);
      update(worker, "SELECT id FROM jobs WHERE id = ? FOR UPDATE", item);

      ExecutorService sweeper = Executors.newSingleThreadExecutor();
      try {
        Future<Boolean> failed =
            sweeper.submit(() -> completion.failAbandoned(item, ErrorCode.GENERATION_FAILED));
        assertThat(failed.get(10, TimeUnit.SECONDS)).isFalse();
      } finally {
        sweeper.shutdownNow();
      }
      // The batch row is free for the worker's next step.
      execute(worker, "SET LOCAL lock_timeout = '2s'");
      update(
          worker,
          "SELECT id FROM batches WHERE id = (SELECT batch_id FROM jobs WHERE id = ?) FOR UPDATE",
          item);
      worker.rollback();
    }
    assertThat(completion.failAbandoned(item, ErrorCode.GENERATION_FAILED)).isTrue();
    assertThat(fixtures.reserved(account)).as("the other item's credit").isOne();
  }

  /**
   * A cancel locks its batch, then its account. A batch item finishing meanwhile must wait for the
   * batch before it touches the account; had it charged first, each would hold what the other waits
   * for and PostgreSQL would abort one of them. Both ways an item ends: as its batch's last (one
   * item), and as one with others left (two items).
   */
  @ParameterizedTest
  @ValueSource(ints = {1, 2})
  void aBatchItemFinishingWhileItsBatchIsLockedHoldsNoLockOnTheAccount(int items) throws Exception {
    UUID account = fixtures.anAccountWithCredits(5);
    UUID item = fixtures.aBatch(account, items, null, clock.instant()).get(0);
    ClaimedJob claimed = claim(item, "worker-a");
    ExecutorService worker = Executors.newSingleThreadExecutor();
    try (Connection cancel = dataSource.getConnection()) {
      cancel.setAutoCommit(false);
      execute(cancel, "SET LOCAL lock_timeout = '5s'");
      update(
          cancel,
          "SELECT id FROM batches WHERE id = (SELECT batch_id FROM jobs WHERE id = ?) FOR UPDATE",
          item);

      Future<Boolean> succeeded = worker.submit(() -> completion.succeed(claimed, aCard(claimed)));
      awaitABackendWaitingOnALock();
      update(cancel, "UPDATE accounts SET reserved = reserved WHERE id = ?", account);
      cancel.commit();

      assertThat(succeeded.get(10, TimeUnit.SECONDS)).isTrue();
    } finally {
      worker.shutdownNow();
    }
    assertThat(fixtures.ledgerEntries(item, "CHARGE")).isOne();
    assertThat(fixtures.reserved(account)).as("the other items' credits").isEqualTo(items - 1);
  }

  /**
   * ADR 0023: every card of an account waits for the account's row, so the charge takes it last.
   * While another transaction holds that row, a finishing card has written its card row already (a
   * second card for the job has to wait for it) and waits only for the account.
   */
  @Test
  void aCardIsWrittenBeforeItsChargeWaitsForTheAccountRow() throws Exception {
    UUID account = fixtures.anAccountWithCredits(5);
    UUID job = fixtures.aQueuedJob(account, clock.instant());
    ClaimedJob claimed = claim(job, "worker-a");
    ExecutorService worker = Executors.newSingleThreadExecutor();
    try (Connection rival = dataSource.getConnection()) {
      rival.setAutoCommit(false);
      update(rival, "UPDATE accounts SET reserved = reserved WHERE id = ?", account);

      Future<Boolean> succeeded = worker.submit(() -> completion.succeed(claimed, aCard(claimed)));
      awaitABackendWaitingOnALock();
      assertThat(cardInsertWaitsForAnotherTransaction(claimed)).isTrue();
      rival.commit();

      assertThat(succeeded.get(10, TimeUnit.SECONDS)).isTrue();
    } finally {
      worker.shutdownNow();
    }
    assertThat(fixtures.cards(job)).isOne();
    assertThat(fixtures.ledgerEntries(job, "CHARGE")).isOne();
    assertThat(fixtures.balance(account)).isEqualTo(4);
    assertThat(fixtures.reserved(account)).isZero();
  }

  /** Whether a card for the job must wait for an uncommitted one (the unique job_id check). */
  private boolean cardInsertWaitsForAnotherTransaction(ClaimedJob job) throws SQLException {
    try (Connection probe = dataSource.getConnection()) {
      probe.setAutoCommit(false);
      execute(probe, "SET LOCAL lock_timeout = '500ms'");
      try (PreparedStatement insert =
          probe.prepareStatement(
              """
              INSERT INTO cards (uid, job_id, account_id, style, description, features, images,
                                 prompt_version, prompt_tokens, completion_tokens, created_at)
              VALUES (gen_random_uuid(), ?, ?, 'standard', 'x', '[]', '[]', 'v1', 0, 0, now())
              """)) {
        insert.setObject(1, job.id());
        insert.setObject(2, job.accountId());
        insert.executeUpdate();
        return false;
      } catch (SQLException waited) {
        assertThat(waited.getSQLState()).as("lock_not_available").isEqualTo("55P03");
        return true;
      } finally {
        probe.rollback();
      }
    }
  }

  private void awaitABackendWaitingOnALock() throws SQLException {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
    try (Connection watcher = dataSource.getConnection();
        PreparedStatement waiting =
            watcher.prepareStatement(
                "SELECT count(*) FROM pg_stat_activity WHERE wait_event_type = 'Lock'")) {
      while (true) {
        try (ResultSet row = waiting.executeQuery()) {
          row.next();
          if (row.getInt(1) > 0) {
            return;
          }
        }
        assertThat(System.nanoTime()).as("the worker waits for the batch").isLessThan(deadline);
      }
    }
  }

  private static void execute(Connection connection, String sql) throws SQLException {
    try (var statement = connection.createStatement()) {
      statement.execute(sql);
    }
  }

  private static void update(Connection connection, String sql, UUID id) throws SQLException {
    try (PreparedStatement statement = connection.prepareStatement(sql)) {
      statement.setObject(1, id);
      statement.execute();
    }
  }
}
