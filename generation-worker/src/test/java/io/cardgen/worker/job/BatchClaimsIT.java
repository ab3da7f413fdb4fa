package io.cardgen.worker.job;

import static org.assertj.core.api.Assertions.assertThat;

import io.cardgen.common.error.ErrorCode;
import io.cardgen.testsupport.SettableClock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.test.context.junit.jupiter.SpringJUnitConfig;
import org.springframework.transaction.support.TransactionTemplate;

@SpringJUnitConfig(JobStoreTestConfiguration.class)
class BatchClaimsIT {

  private static final Duration LEASE = Duration.ofSeconds(120);

  @Autowired BatchClaims claims;
  @Autowired JobClaims jobClaims;
  @Autowired JobCompletion completion;
  @Autowired JobFixtures fixtures;
  @Autowired SettableClock clock;
  @Autowired JdbcClient jdbc;
  @Autowired TransactionTemplate transaction;

  @BeforeEach
  void onlyThisTestsBatchesAreOpen() {
    jdbc.sql("UPDATE batches SET status = 'completed'").update();
  }

  private Optional<ClaimedJob> claim(String worker) {
    Instant now = clock.instant();
    return claims.claimNext(worker, now, now.plus(LEASE), 3);
  }

  private List<UUID> claimUpTo(int items) {
    Instant now = clock.instant();
    return claims.claimUpTo(items, "w", now, now.plus(LEASE), 3).stream()
        .map(ClaimedJob::id)
        .toList();
  }

  private record TwoBatches(List<UUID> big, List<UUID> small) {}

  /** Two accounts' batches: six items, then, a second later, two items of another account. */
  private TwoBatches aBigBatchThenASmallOne() {
    UUID big = fixtures.anAccountWithCredits(100);
    UUID small = fixtures.anAccountWithCredits(100);
    List<UUID> bigItems = fixtures.aBatch(big, 6, null, clock.instant());
    clock.advance(Duration.ofSeconds(1));
    return new TwoBatches(bigItems, fixtures.aBatch(small, 2, null, clock.instant()));
  }

  @Test
  void eachClaimGoesToTheAccountWithTheFewestItemsRunning() {
    TwoBatches batches = aBigBatchThenASmallOne();
    List<UUID> bigItems = batches.big();
    List<UUID> smallItems = batches.small();

    List<UUID> order = new ArrayList<>();
    for (int i = 0; i < 6; i++) {
      order.add(claim("w").orElseThrow().id());
    }

    // big first (tie at 0, its batch is older), then small (0 running against 1), and so on until
    // small has nothing left; within an account, item order.
    assertThat(order)
        .containsExactly(
            bigItems.get(0),
            smallItems.get(0),
            bigItems.get(1),
            smallItems.get(1),
            bigItems.get(2),
            bigItems.get(3));
  }

  @Test
  void aClaimOfSeveralTakesWhatAsManyClaimsOfOneWouldInTheirOrder() {
    TwoBatches batches = aBigBatchThenASmallOne();
    List<UUID> bigItems = batches.big();
    List<UUID> smallItems = batches.small();
    Instant now = clock.instant();
    ClaimedJob running = claims.claimUpTo(1, "w", now, now.plus(LEASE), 3).get(0);

    List<UUID> order =
        claims.claimUpTo(5, "w", now, now.plus(LEASE), 3).stream().map(ClaimedJob::id).toList();

    // As one claim at a time: big has 1 running, so small twice, then big, small being empty.
    assertThat(running.id()).isEqualTo(bigItems.get(0));
    assertThat(order)
        .containsExactly(
            smallItems.get(0),
            bigItems.get(1),
            smallItems.get(1),
            bigItems.get(2),
            bigItems.get(3));
  }

  @Test
  void accountsWithNothingQueuedDoNotKeepAnAccountWithQueuedItemsFromTheSlots() {
    UUID busy = fixtures.anAccountWithCredits(100);
    List<UUID> busyItems = fixtures.aBatch(busy, 6, null, clock.instant());
    assertThat(claimUpTo(3)).containsExactlyElementsOf(busyItems.subList(0, 3));
    // More accounts than a claim looks at, each with fewer items running than busy, none queued.
    for (int i = 0; i < 9; i++) {
      clock.advance(Duration.ofSeconds(1));
      List<UUID> small =
          fixtures.aBatch(fixtures.anAccountWithCredits(100), 2, null, clock.instant());
      assertThat(claimUpTo(2)).containsExactlyElementsOf(small);
    }

    assertThat(claim("w")).map(ClaimedJob::id).contains(busyItems.get(3));
    assertThat(claimUpTo(5)).containsExactlyElementsOf(busyItems.subList(4, 6));
  }

  @Test
  void anItemHandedBackToTheQueueOfACancellingBatchIsNotClaimedForAnotherBatch() {
    UUID account = fixtures.anAccountWithCredits(100);
    fixtures.aBatch(account, 1, null, clock.instant());
    ClaimedJob handedBack = claim("w").orElseThrow();
    // Cancelled while its only item ran (a cancel leaves running items), then the item given back.
    jdbc.sql("UPDATE batches SET status = 'cancelling' WHERE id = :id")
        .param("id", handedBack.batchId())
        .update();
    assertThat(jobClaims.requeue(handedBack, clock.instant())).isTrue();
    clock.advance(Duration.ofSeconds(1));
    List<UUID> open = fixtures.aBatch(account, 2, null, clock.instant());

    assertThat(claimUpTo(5)).containsExactlyElementsOf(open);
    // Left for the sweeper to end cancelled.
    assertThat(fixtures.state(handedBack.id())).isEqualTo("QUEUED/RESERVED");
  }

  @Test
  void anItemIsClaimedWhileItsBatchRowIsLockedByAnItemFinishing() {
    UUID account = fixtures.anAccountWithCredits(100);
    List<UUID> items = fixtures.aBatch(account, 1, null, clock.instant());

    // Every item's end locks its batch row: the claim must neither wait for it nor skip the items.
    List<UUID> claimed =
        transaction.execute(
            status -> {
              jdbc.sql(
                      "SELECT id FROM batches WHERE id = (SELECT batch_id FROM jobs WHERE id = :id)"
                          + " FOR UPDATE")
                  .param("id", items.get(0))
                  .query(UUID.class)
                  .single();
              return CompletableFuture.supplyAsync(() -> claimUpTo(1))
                  .orTimeout(10, TimeUnit.SECONDS)
                  .join();
            });

    assertThat(claimed).containsExactlyElementsOf(items);
  }

  @Test
  void twoWorkersClaimingAtOnceNeverTakeTheSameItem() {
    UUID account = fixtures.anAccountWithCredits(100);
    List<UUID> items = fixtures.aBatch(account, 20, null, clock.instant());
    Set<UUID> taken = ConcurrentHashMap.newKeySet();
    List<UUID> all = java.util.Collections.synchronizedList(new ArrayList<>());

    CompletableFuture<?>[] workers = new CompletableFuture<?>[2];
    for (int w = 0; w < 2; w++) {
      String worker = "w" + w;
      workers[w] =
          CompletableFuture.runAsync(
              () -> {
                Optional<ClaimedJob> job;
                while ((job = claim(worker)).isPresent()) {
                  taken.add(job.get().id());
                  all.add(job.get().id());
                }
              });
    }
    CompletableFuture.allOf(workers).join();

    assertThat(all).hasSize(20);
    assertThat(taken).containsExactlyInAnyOrderElementsOf(items);
  }

  @Test
  void finishingItemsNumbersThemAndTheLastOneCompletesTheBatchWithOneWebhookRow() {
    UUID account = fixtures.anAccountWithCredits(10);
    List<UUID> items = fixtures.aBatch(account, 2, "https://hooks.example/x", clock.instant());
    ClaimedJob first = claim("w").orElseThrow();
    ClaimedJob second = claim("w").orElseThrow();

    assertThat(completion.fail(second, ErrorCode.GENERATION_REFUSED)).isTrue();
    assertThat(batchStatus(items.get(0))).isEqualTo("in_progress");
    assertThat(completion.fail(first, ErrorCode.GENERATION_REFUSED)).isTrue();
    assertThat(completion.fail(first, ErrorCode.GENERATION_REFUSED)).isFalse();

    assertThat(seq(second.id())).isEqualTo(1);
    assertThat(seq(first.id())).isEqualTo(2);
    assertThat(batchStatus(items.get(0))).isEqualTo("completed");
    assertThat(fixtures.reserved(account)).isZero();
    List<String> events =
        jdbc.sql(
                """
                SELECT d.event_type FROM webhook_deliveries d JOIN jobs j
                  ON d.event_key = 'batch:bat_' || j.batch_id || ':completed'
                WHERE j.id = :job
                """)
            .param("job", items.get(0))
            .query(String.class)
            .list();
    assertThat(events).containsExactly("batch.completed");
    assertThat(new HashSet<>(items)).containsExactlyInAnyOrder(first.id(), second.id());
  }

  /** An item that is not its batch's last ends in one statement, the last in a transaction. */
  @Test
  void aFailedItemKeepsItsDetailWhetherItIsTheBatchsLastOrNot() {
    UUID account = fixtures.anAccountWithCredits(10);
    fixtures.aBatch(account, 2, null, clock.instant());
    ClaimedJob first = claim("w").orElseThrow();
    ClaimedJob last = claim("w").orElseThrow();

    assertThat(completion.fail(first, ErrorCode.IMAGE_INVALID, "Фото 1: деталь.")).isTrue();
    assertThat(completion.fail(last, ErrorCode.IMAGE_UNAVAILABLE, "Фото 3: деталь.")).isTrue();

    assertThat(fixtures.failure(first.id())).isEqualTo("image_invalid / Фото 1: деталь.");
    assertThat(fixtures.failure(last.id())).isEqualTo("image_unavailable / Фото 3: деталь.");
    assertThat(batchStatus(first.id())).isEqualTo("completed");
  }

  private int seq(UUID job) {
    return jdbc.sql("SELECT seq FROM jobs WHERE id = :id")
        .param("id", job)
        .query(Integer.class)
        .single();
  }

  private String batchStatus(UUID job) {
    return jdbc.sql(
            "SELECT b.status FROM batches b JOIN jobs j ON j.batch_id = b.id WHERE j.id = :id")
        .param("id", job)
        .query(String.class)
        .single();
  }
}
