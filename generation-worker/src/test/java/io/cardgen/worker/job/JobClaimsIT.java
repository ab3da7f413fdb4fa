package io.cardgen.worker.job;

import static org.assertj.core.api.Assertions.assertThat;

import io.cardgen.testsupport.SettableClock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.test.context.junit.jupiter.SpringJUnitConfig;

@SpringJUnitConfig(JobStoreTestConfiguration.class)
class JobClaimsIT {

  private static final Duration LEASE = Duration.ofSeconds(120);

  @Autowired JobClaims claims;
  @Autowired JobFixtures fixtures;
  @Autowired SettableClock clock;

  @Test
  void ofTwoWorkersClaimingOneJobExactlyOneWins() throws Exception {
    UUID account = fixtures.anAccountWithCredits(100);
    ExecutorService workers = Executors.newFixedThreadPool(2);
    try {
      for (int round = 0; round < 30; round++) {
        UUID job = fixtures.aQueuedJob(account, clock.instant());
        CountDownLatch start = new CountDownLatch(1);
        List<Future<Optional<ClaimedJob>>> attempts = new ArrayList<>();
        for (String worker : List.of("worker-a", "worker-b")) {
          attempts.add(workers.submit(() -> claimAfter(start, job, worker)));
        }
        start.countDown();
        long winners = 0;
        for (Future<Optional<ClaimedJob>> attempt : attempts) {
          winners += attempt.get().isPresent() ? 1 : 0;
        }
        assertThat(winners).as("round %d", round).isEqualTo(1);
      }
    } finally {
      workers.shutdownNow();
    }
  }

  private Optional<ClaimedJob> claimAfter(CountDownLatch start, UUID job, String worker)
      throws InterruptedException {
    start.await();
    Instant now = clock.instant();
    return claims.claim(job, worker, now, now.plus(LEASE), 3);
  }

  @Test
  void aRunningJobCanBeTakenOverOnlyOnceItsLeaseExpired() {
    UUID account = fixtures.anAccountWithCredits(10);
    UUID job = fixtures.aQueuedJob(account, clock.instant());
    Instant now = clock.instant();
    assertThat(claims.claim(job, "worker-a", now, now.plus(LEASE), 3)).isPresent();

    assertThat(claims.claim(job, "worker-b", now, now.plus(LEASE), 3)).isEmpty();

    clock.advance(LEASE.plusSeconds(1));
    Instant later = clock.instant();
    Optional<ClaimedJob> takeover = claims.claim(job, "worker-b", later, later.plus(LEASE), 3);
    assertThat(takeover).isPresent();
    assertThat(takeover.get().attempt()).isEqualTo(2);
  }

  @Test
  void aJobOutOfAttemptsIsNotClaimedAgain() {
    UUID account = fixtures.anAccountWithCredits(10);
    UUID job = fixtures.aQueuedJob(account, clock.instant());
    for (int attempt = 1; attempt <= 2; attempt++) {
      Instant now = clock.instant();
      assertThat(claims.claim(job, "worker-" + attempt, now, now.plus(LEASE), 2)).isPresent();
      clock.advance(LEASE.plusSeconds(1));
    }
    Instant now = clock.instant();

    assertThat(claims.claim(job, "worker-3", now, now.plus(LEASE), 2)).isEmpty();
  }

  /**
   * A worker's identity is its process: a job delivered again after its lease ran out can be
   * claimed a second time by the same worker while the first attempt still runs. Giving back the
   * stale attempt must not hand back the live one's claim.
   */
  @Test
  void aStaleAttemptGivesBackNothingOfTheLiveOneOfTheSameWorker() {
    UUID account = fixtures.anAccountWithCredits(10);
    UUID job = fixtures.aQueuedJob(account, clock.instant());
    Instant now = clock.instant();
    ClaimedJob stale = claims.claim(job, "worker-a", now, now.plus(LEASE), 3).orElseThrow();
    clock.advance(LEASE.plusSeconds(1));
    Instant later = clock.instant();
    ClaimedJob live = claims.claim(job, "worker-a", later, later.plus(LEASE), 3).orElseThrow();

    assertThat(claims.requeue(stale, later)).isFalse();
    assertThat(fixtures.state(job)).isEqualTo("RUNNING/RESERVED");
    assertThat(claims.requeue(live, later)).isTrue();
    assertThat(fixtures.state(job)).isEqualTo("QUEUED/RESERVED");
  }
}
