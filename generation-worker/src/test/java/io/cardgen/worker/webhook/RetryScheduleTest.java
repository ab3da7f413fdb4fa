package io.cardgen.worker.webhook;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class RetryScheduleTest {

  private static final Instant CREATED = Instant.parse("2026-11-21T10:00:00Z");
  private static final Duration FIRST = Duration.ofSeconds(5);
  private static final Duration CAP = Duration.ofHours(1);
  private static final Duration RETRY_FOR = Duration.ofHours(25);

  private static RetrySchedule withJitter(double jitter) {
    return new RetrySchedule(FIRST, CAP, RETRY_FOR, () -> jitter);
  }

  @Test
  void theFirstRetryComesWithinTenSecondsWhateverTheJitter() {
    for (double jitter : new double[] {0, 0.5, 0.999999}) {
      Instant next = withJitter(jitter).next(1, CREATED, CREATED).orElseThrow();

      assertThat(Duration.between(CREATED, next))
          .isBetween(Duration.ofMillis(2500), Duration.ofSeconds(5));
    }
  }

  @Test
  void delaysDoubleUpToTheCapEachDrawnBetweenHalfAndAllOfIt() {
    Instant now = CREATED.plusSeconds(60);
    Duration[] nominal = {
      Duration.ofSeconds(5), Duration.ofSeconds(10), Duration.ofSeconds(20), Duration.ofSeconds(40)
    };
    for (int attempt = 1; attempt <= nominal.length; attempt++) {
      assertThat(delay(withJitter(0), attempt, now)).isEqualTo(nominal[attempt - 1].dividedBy(2));
      assertThat(delay(withJitter(0.999999), attempt, now))
          .isBetween(nominal[attempt - 1].multipliedBy(99).dividedBy(100), nominal[attempt - 1]);
    }
    assertThat(delay(withJitter(0), 20, now)).isEqualTo(CAP.dividedBy(2));
    assertThat(delay(withJitter(0.999999), 1000, now))
        .isBetween(CAP.multipliedBy(99).dividedBy(100), CAP);
  }

  @Test
  void aReceiverThatAlwaysFailsIsTriedForMoreThanADayThenGivenUp() {
    for (double jitter : new double[] {0, 0.999999}) {
      RetrySchedule schedule = withJitter(jitter);
      Instant now = CREATED;
      int attempt = 1;
      Optional<Instant> next = schedule.next(attempt, CREATED, now);
      while (next.isPresent()) {
        assertThat(next.get()).isAfter(now);
        now = next.get();
        attempt++;
        next = schedule.next(attempt, CREATED, now);
      }

      assertThat(now).as("the last attempt").isEqualTo(CREATED.plus(RETRY_FOR));
      assertThat(Duration.between(CREATED, now)).isGreaterThanOrEqualTo(Duration.ofHours(24));
      assertThat(attempt).isBetween(20, 80);
    }
  }

  @Test
  void givesUpOnlyWhenAnAttemptAtOrAfterTheWindowFails() {
    RetrySchedule schedule = withJitter(0.5);

    assertThat(schedule.next(30, CREATED, CREATED.plus(RETRY_FOR).minusSeconds(1)))
        .contains(CREATED.plus(RETRY_FOR));
    assertThat(schedule.next(31, CREATED, CREATED.plus(RETRY_FOR))).isEmpty();
  }

  private static Duration delay(RetrySchedule schedule, int attempt, Instant now) {
    return Duration.between(now, schedule.next(attempt, CREATED, now).orElseThrow());
  }
}
