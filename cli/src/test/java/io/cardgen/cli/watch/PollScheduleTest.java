package io.cardgen.cli.watch;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import org.junit.jupiter.api.Test;

class PollScheduleTest {

  private final PollSchedule schedule =
      new PollSchedule(Duration.ofSeconds(1), Duration.ofSeconds(10));

  @Test
  void backsOffWhileTheBatchStandsStillUpToTheSlowestInterval() {
    assertThat(schedule.next(false)).isEqualTo(Duration.ofMillis(1500));
    assertThat(schedule.next(false)).isEqualTo(Duration.ofMillis(2250));
    for (int i = 0; i < 10; i++) {
      schedule.next(false);
    }
    assertThat(schedule.next(false)).isEqualTo(Duration.ofSeconds(10));
  }

  @Test
  void pollsSoonAgainOnceTheBatchMoves() {
    schedule.next(false);
    schedule.next(false);

    assertThat(schedule.next(true)).isEqualTo(Duration.ofSeconds(1));
  }

  @Test
  void summarizesDurationsForPeople() {
    assertThat(Summary.human(Duration.ofSeconds(42))).isEqualTo("42s");
    assertThat(Summary.human(Duration.ofSeconds(192))).isEqualTo("3m 12s");
    assertThat(Summary.human(Duration.ofMinutes(135))).isEqualTo("2h 15m");
  }
}
