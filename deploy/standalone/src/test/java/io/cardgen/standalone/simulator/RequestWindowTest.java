package io.cardgen.standalone.simulator;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import org.junit.jupiter.api.Test;

class RequestWindowTest {

  private static final Instant START = Instant.parse("2026-11-23T12:00:00.250Z");

  @Test
  void refusesRequestsOverTheLimitWithProviderHeaders() {
    RequestWindow window =
        new RequestWindow(RequestRateLimit.parse("2/1s"), Clock.fixed(START, ZoneOffset.UTC));

    assertThat(window.admit().allowed()).isTrue();
    RequestWindow.Verdict second = window.admit();
    RequestWindow.Verdict third = window.admit();

    assertThat(second.allowed()).isTrue();
    assertThat(second.headers()).containsEntry("x-ratelimit-remaining-requests", "0");
    assertThat(third.allowed()).isFalse();
    assertThat(third.headers())
        .containsEntry("Retry-After", "1")
        .containsEntry("retry-after-ms", "750")
        .containsEntry("x-ratelimit-reset-requests", "750ms");
    assertThat(window.refusedCount()).isEqualTo(1);
  }

  @Test
  void aNewWindowStartsAfresh() {
    MovableClock clock = new MovableClock(START);
    RequestWindow window = new RequestWindow(RequestRateLimit.parse("1/1s"), clock);
    window.admit();
    assertThat(window.admit().allowed()).isFalse();

    clock.now = START.plus(Duration.ofMillis(800));

    assertThat(window.admit().allowed()).isTrue();
  }

  @Test
  void noLimitAdmitsEverythingSilently() {
    RequestWindow window = new RequestWindow(RequestRateLimit.parse(""), Clock.systemUTC());

    assertThat(window.admit().allowed()).isTrue();
    assertThat(window.admit().headers()).isEmpty();
  }

  private static final class MovableClock extends Clock {
    private Instant now;

    MovableClock(Instant now) {
      this.now = now;
    }

    @Override
    public Instant instant() {
      return now;
    }

    @Override
    public java.time.ZoneId getZone() {
      return ZoneOffset.UTC;
    }

    @Override
    public Clock withZone(java.time.ZoneId zone) {
      return this;
    }
  }
}
