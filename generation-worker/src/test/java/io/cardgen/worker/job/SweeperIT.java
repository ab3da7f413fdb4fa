package io.cardgen.worker.job;

import static org.assertj.core.api.Assertions.assertThat;

import io.cardgen.common.reply.InProcessReplies;
import io.cardgen.testsupport.SettableClock;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.sql.Timestamp;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.test.context.junit.jupiter.SpringJUnitConfig;
import org.springframework.transaction.support.TransactionTemplate;

@SpringJUnitConfig(JobStoreTestConfiguration.class)
class SweeperIT {

  private static final Duration LEASE = Duration.ofSeconds(120);
  private static final Duration GRACE = Duration.ofSeconds(10);
  private static final int MAX_ATTEMPTS = 3;

  @Autowired JobClaims claims;
  @Autowired JobCompletion completion;
  @Autowired JobFixtures fixtures;
  @Autowired SettableClock clock;
  @Autowired JdbcClient jdbc;
  @Autowired TransactionTemplate transaction;

  /** What the sweeper would have told Kafka. */
  static final class RecordedNotices extends JobNotices {
    final List<UUID> published = new CopyOnWriteArrayList<>();
    final List<UUID> finished = new CopyOnWriteArrayList<>();

    RecordedNotices() {
      super(null, new InProcessReplies());
    }

    @Override
    void finished(UUID jobId) {
      finished.add(jobId);
    }

    @Override
    CompletableFuture<?> queued(UUID jobId, String idempotencyKey) {
      published.add(jobId);
      return CompletableFuture.completedFuture(null);
    }
  }

  private Sweeper sweeper(RecordedNotices notices) {
    return sweeper(notices, new SimpleMeterRegistry());
  }

  private Sweeper sweeper(RecordedNotices notices, MeterRegistry meters) {
    WorkerProperties properties =
        new WorkerProperties(
            1,
            1,
            1,
            LEASE,
            GRACE,
            MAX_ATTEMPTS,
            Duration.ofSeconds(5),
            Duration.ofSeconds(5),
            Duration.ofSeconds(60),
            null);
    return new Sweeper(
        jdbc, transaction, completion, notices, properties, clock, new SweeperMeters(meters));
  }

  private void claim(UUID job, String worker) {
    Instant now = clock.instant();
    assertThat(claims.claim(job, worker, now, now.plus(LEASE), MAX_ATTEMPTS)).isPresent();
  }

  @Test
  void aJobWhoseWorkerDiedGoesBackToTheQueueOnlyAfterTheGraceAndIsPublishedAgain() {
    UUID account = fixtures.anAccountWithCredits(5);
    UUID job = fixtures.aQueuedJob(account, clock.instant());
    claim(job, "worker-dead");
    RecordedNotices notices = new RecordedNotices();
    Sweeper sweeper = sweeper(notices);

    clock.advance(LEASE.plus(GRACE).minusSeconds(1));
    sweeper.sweep();
    assertThat(fixtures.state(job)).isEqualTo("RUNNING/RESERVED");

    clock.advance(Duration.ofSeconds(2));
    sweeper.sweep();
    assertThat(fixtures.state(job)).isEqualTo("QUEUED/RESERVED");
    assertThat(notices.published)
        .as("just requeued, published on a later sweep")
        .doesNotContain(job);

    clock.advance(Duration.ofSeconds(6));
    sweeper.sweep();
    assertThat(notices.published).containsOnlyOnce(job);
    assertThat(fixtures.reserved(account)).isOne();
    assertThat(notices.finished).doesNotContain(job);
  }

  @Test
  void aJobWhoseLastAttemptDiedFailsWithItsCreditReleased() {
    UUID account = fixtures.anAccountWithCredits(5);
    UUID job = fixtures.aQueuedJob(account, clock.instant());
    for (int attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
      claim(job, "worker-" + attempt);
      clock.advance(LEASE.plusSeconds(1));
    }
    clock.advance(GRACE);
    RecordedNotices notices = new RecordedNotices();

    sweeper(notices).sweep();

    assertThat(fixtures.state(job)).isEqualTo("FAILED/RELEASED");
    assertThat(fixtures.reserved(account)).isZero();
    assertThat(fixtures.balance(account)).isEqualTo(5);
    assertThat(fixtures.ledgerEntries(job, "RELEASE")).isOne();
    assertThat(notices.finished).containsOnlyOnce(job);
    assertThat(notices.published).doesNotContain(job);
  }

  /** What a cancel does to a batch whose only item runs: the item is left to finish. */
  private void cancelWhileRunning(UUID item) {
    jdbc.sql(
            "UPDATE batches SET status = 'cancelling'"
                + " WHERE id = (SELECT batch_id FROM jobs WHERE id = :id)")
        .param("id", item)
        .update();
  }

  private String batchOf(UUID item) {
    return jdbc.sql(
            """
            SELECT b.status || ' cancelled ' || b.cancelled || ' seq ' || j.seq
            FROM jobs j JOIN batches b ON b.id = j.batch_id WHERE j.id = :id
            """)
        .param("id", item)
        .query(String.class)
        .single();
  }

  @Test
  void anItemWhoseWorkerDiedAfterItsBatchWasCancelledEndsCancelledAndTheBatchWithIt() {
    UUID account = fixtures.anAccountWithCredits(5);
    UUID item = fixtures.aBatch(account, 1, null, clock.instant()).get(0);
    claim(item, "worker-dead");
    cancelWhileRunning(item);
    MeterRegistry meters = new SimpleMeterRegistry();
    Sweeper sweeper = sweeper(new RecordedNotices(), meters);

    sweeper.sweep();
    assertThat(fixtures.state(item)).as("still running").isEqualTo("RUNNING/RESERVED");

    clock.advance(LEASE.plus(GRACE).plusSeconds(1));
    sweeper.sweep();

    assertThat(fixtures.state(item)).isEqualTo("CANCELLED/RELEASED");
    assertThat(batchOf(item)).isEqualTo("cancelled cancelled 1 seq 1");
    assertThat(fixtures.reserved(account)).isZero();
    assertThat(fixtures.balance(account)).isEqualTo(5);
    assertThat(fixtures.ledgerEntries(item, "RELEASE")).isOne();
    assertThat(count(meters, SweeperMeters.CANCELLED)).isPositive();
  }

  @Test
  void anItemGivenBackAfterItsBatchWasCancelledEndsCancelled() {
    UUID account = fixtures.anAccountWithCredits(5);
    UUID item = fixtures.aBatch(account, 1, null, clock.instant()).get(0);
    Instant now = clock.instant();
    ClaimedJob claimed = claims.claim(item, "worker-a", now, now.plus(LEASE), MAX_ATTEMPTS).get();
    cancelWhileRunning(item);
    assertThat(claims.requeue(claimed, now)).isTrue();

    sweeper(new RecordedNotices()).sweep();

    assertThat(fixtures.state(item)).isEqualTo("CANCELLED/RELEASED");
    assertThat(batchOf(item)).isEqualTo("cancelled cancelled 1 seq 1");
    assertThat(fixtures.reserved(account)).isZero();
  }

  @Test
  void aJobWhoseEndFailsLeavesTheOthersEnded() {
    UUID broken = fixtures.anAccountWithCredits(5);
    UUID healthy = fixtures.anAccountWithCredits(5);
    UUID stuck = fixtures.aQueuedJob(broken, clock.instant());
    UUID fine = fixtures.aQueuedJob(healthy, clock.instant());
    for (int attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
      Instant now = clock.instant();
      claims.claim(stuck, "worker-" + attempt, now, now.minusSeconds(1), MAX_ATTEMPTS);
      claims.claim(fine, "worker-" + attempt, now, now.minusSeconds(1), MAX_ATTEMPTS);
    }
    clock.advance(GRACE.plusSeconds(1));
    fixtures.setReserved(broken, 0);
    RecordedNotices notices = new RecordedNotices();

    sweeper(notices).sweep();

    assertThat(fixtures.state(fine)).isEqualTo("FAILED/RELEASED");
    assertThat(fixtures.reserved(healthy)).isZero();
    assertThat(fixtures.state(stuck)).isEqualTo("RUNNING/RESERVED");
    assertThat(notices.finished).contains(fine).doesNotContain(stuck);

    fixtures.setReserved(broken, 1);
    sweeper(notices).sweep();
    assertThat(fixtures.state(stuck))
        .as("retried once the books agree")
        .isEqualTo("FAILED/RELEASED");
  }

  @Test
  void aJobCommittedButNeverPublishedIsPublishedOnceTheGatewayHadItsChance() {
    UUID account = fixtures.anAccountWithCredits(5);
    UUID job = fixtures.aQueuedJob(account, clock.instant());
    RecordedNotices notices = new RecordedNotices();
    Sweeper sweeper = sweeper(notices);

    clock.advance(Duration.ofSeconds(3));
    sweeper.sweep();
    assertThat(notices.published).doesNotContain(job);

    clock.advance(Duration.ofSeconds(3));
    sweeper.sweep();
    sweeper.sweep();
    assertThat(notices.published).containsOnlyOnce(job);
  }

  @Test
  void aJobPublishedLongAgoAndNeverClaimedIsPublishedAgain() {
    UUID account = fixtures.anAccountWithCredits(5);
    UUID job = fixtures.aQueuedJob(account, clock.instant());
    fixtures.markPublished(job, clock.instant());
    RecordedNotices notices = new RecordedNotices();
    Sweeper sweeper = sweeper(notices);

    clock.advance(Duration.ofSeconds(59));
    sweeper.sweep();
    assertThat(notices.published).doesNotContain(job);

    clock.advance(Duration.ofSeconds(2));
    sweeper.sweep();
    assertThat(notices.published).containsOnlyOnce(job);
  }

  @Test
  void countsWhatItDidOnceCommitted() {
    UUID account = fixtures.anAccountWithCredits(10);
    UUID dying = fixtures.aQueuedJob(account, clock.instant());
    claim(dying, "worker-dead");
    UUID exhausted = fixtures.aQueuedJob(account, clock.instant());
    for (int attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
      claim(exhausted, "worker-" + attempt);
      clock.advance(LEASE.plusSeconds(1));
    }
    UUID unpublished = fixtures.aQueuedJob(account, clock.instant());
    clock.advance(GRACE.plusSeconds(6));
    Timestamp now = Timestamp.from(clock.instant());
    MeterRegistry meters = new SimpleMeterRegistry();
    RecordedNotices notices = new RecordedNotices();

    sweeper(notices, meters).sweep();

    assertThat(fixtures.state(dying)).isEqualTo("QUEUED/RESERVED");
    assertThat(notices.finished).contains(exhausted);
    assertThat(notices.published).contains(unpublished);
    // Other tests' jobs share this database and may be swept too: each count is checked against
    // what this sweep, at its own instant, left in the rows.
    assertThat(count(meters, SweeperMeters.REQUEUED))
        .isEqualTo(
            rowsAt(
                "state = 'QUEUED' AND lease_owner IS NULL AND published_at IS NULL"
                    + " AND updated_at = :now",
                now))
        .isPositive();
    assertThat(count(meters, SweeperMeters.FAILED))
        .isEqualTo(rowsAt("state = 'FAILED' AND finished_at = :now", now))
        .isPositive();
    assertThat(count(meters, SweeperMeters.PUBLISHED)).isEqualTo(notices.published.size());
  }

  private long rowsAt(String condition, Timestamp now) {
    return jdbc.sql("SELECT count(*) FROM jobs WHERE " + condition)
        .param("now", now)
        .query(Long.class)
        .single();
  }

  private static long count(MeterRegistry meters, String name) {
    return (long) meters.get(name).counter().count();
  }

  @Test
  void twoSweepersAtOnceSettleEachAbandonedJobExactlyOnce() throws Exception {
    UUID account = fixtures.anAccountWithCredits(100);
    List<UUID> jobs = new ArrayList<>();
    for (int index = 0; index < 40; index++) {
      UUID job = fixtures.aQueuedJob(account, clock.instant());
      for (int attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
        Instant now = clock.instant();
        claims.claim(job, "worker-" + attempt, now, now.minusSeconds(1), MAX_ATTEMPTS);
      }
      jobs.add(job);
    }
    clock.advance(GRACE.plusSeconds(1));
    RecordedNotices notices = new RecordedNotices();
    ExecutorService sweepers = Executors.newFixedThreadPool(2);
    try {
      CountDownLatch start = new CountDownLatch(1);
      List<Future<?>> runs = new ArrayList<>();
      for (int replica = 0; replica < 2; replica++) {
        Sweeper sweeper = sweeper(notices);
        runs.add(
            sweepers.submit(
                () -> {
                  start.await();
                  sweeper.reclaimExpired();
                  return null;
                }));
      }
      start.countDown();
      for (Future<?> run : runs) {
        run.get();
      }
    } finally {
      sweepers.shutdownNow();
    }

    assertThat(notices.finished).filteredOn(jobs::contains).hasSameSizeAs(jobs);
    assertThat(notices.finished).containsAll(jobs).doesNotHaveDuplicates();
    for (UUID job : jobs) {
      assertThat(fixtures.state(job)).isEqualTo("FAILED/RELEASED");
      assertThat(fixtures.ledgerEntries(job, "RELEASE")).isOne();
    }
    assertThat(fixtures.reserved(account)).isZero();
  }
}
