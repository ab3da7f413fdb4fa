package io.cardgen.worker.job;

import static org.assertj.core.api.Assertions.assertThat;

import io.cardgen.common.card.CardContent;
import io.cardgen.common.error.ErrorCode;
import io.cardgen.common.request.Style;
import io.cardgen.testsupport.SettableClock;
import io.cardgen.worker.card.CardInsert;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.test.context.junit.jupiter.SpringJUnitConfig;

/**
 * A late attempt's photos: queued for removal when their job is gone or its card deleted, kept when
 * a live card (another attempt's) names them.
 */
@SpringJUnitConfig(JobStoreTestConfiguration.class)
class OrphanedPhotosIT {

  private static final Duration LEASE = Duration.ofSeconds(120);

  @Autowired OrphanedPhotos orphans;
  @Autowired JobClaims claims;
  @Autowired JobCompletion completion;
  @Autowired JobFixtures fixtures;
  @Autowired SettableClock clock;
  @Autowired JdbcClient jdbc;

  @Test
  void keepsThePhotosOfAJobWhoseCardAnotherAttemptDelivered() {
    UUID job = aJobWithACard();
    List<String> keys = keysOf(job);

    assertThat(orphans.queueIfUnwanted(job, keys)).isZero();
    assertThat(queued(keys)).isZero();
  }

  @Test
  void queuesThePhotosOfAJobWhoseCardWasDeleted() {
    UUID job = aJobWithACard();
    jdbc.sql("UPDATE cards SET deleted_at = now() WHERE job_id = :job").param("job", job).update();
    List<String> keys = keysOf(job);

    assertThat(orphans.queueIfUnwanted(job, keys)).isEqualTo(2);
    assertThat(queued(keys)).isEqualTo(2);
  }

  @Test
  void queuesThePhotosOfAJobThatIsGone() {
    UUID gone = UUID.randomUUID();
    List<String> keys = keysOf(gone);

    assertThat(orphans.queueIfUnwanted(gone, keys)).isEqualTo(2);
    assertThat(queued(keys)).isEqualTo(2);
  }

  @Test
  void queuesOnlyKeysInTheJobsOwnFolder() {
    UUID gone = UUID.randomUUID();
    String another = "products/" + UUID.randomUUID() + "/00000000000000000000000000000001.png";

    assertThat(orphans.queueIfUnwanted(gone, List.of(another, "products/../x.png"))).isZero();
    assertThat(queued(List.of(another))).isZero();
  }

  @Test
  void leavesThePhotosToTheLifecycleRuleWhenRemovalIsTurnedOff() {
    UUID gone = UUID.randomUUID();
    List<String> keys = keysOf(gone);

    assertThat(new OrphanedPhotos(jdbc, false).queueIfUnwanted(gone, keys)).isZero();
    assertThat(queued(keys)).isZero();
  }

  @Test
  void keepsThePhotosOfAJobStillQueuedOrFailed() {
    UUID queuedJob = fixtures.aQueuedJob(fixtures.anAccountWithCredits(1), clock.instant());
    UUID failedJob = fixtures.aQueuedJob(fixtures.anAccountWithCredits(1), clock.instant());
    Instant now = clock.instant();
    ClaimedJob claimed = claims.claim(failedJob, "worker-b", now, now.plus(LEASE), 3).orElseThrow();
    assertThat(completion.fail(claimed, ErrorCode.GENERATION_FAILED)).isTrue();

    // a failed job's keys are the key's retention's to remove, with its rows
    assertThat(orphans.queueIfUnwanted(queuedJob, keysOf(queuedJob))).isZero();
    assertThat(orphans.queueIfUnwanted(failedJob, keysOf(failedJob))).isZero();
    assertThat(queued(keysOf(queuedJob))).isZero();
    assertThat(queued(keysOf(failedJob))).isZero();
  }

  private UUID aJobWithACard() {
    UUID job = fixtures.aQueuedJob(fixtures.anAccountWithCredits(1), clock.instant());
    Instant now = clock.instant();
    ClaimedJob claimed = claims.claim(job, "worker-b", now, now.plus(LEASE), 3).orElseThrow();
    CardInsert.NewCard card =
        new CardInsert.NewCard(
            UUID.randomUUID(),
            job,
            claimed.accountId(),
            Style.STANDARD,
            new CardContent("Описание", List.of("a", "b", "c"), "Всем", null, null),
            keysOf(job),
            "v1",
            10,
            20,
            now);
    assertThat(completion.succeed(claimed, card)).isTrue();
    return job;
  }

  private static List<String> keysOf(UUID job) {
    return List.of(
        "products/" + job + "/00000000000000000000000000000001.jpg",
        "products/" + job + "/00000000000000000000000000000002.png");
  }

  private long queued(List<String> keys) {
    return jdbc.sql("SELECT count(*) FROM photo_removals WHERE key = ANY(:keys)")
        .param("keys", keys.toArray(String[]::new))
        .query(Long.class)
        .single();
  }
}
