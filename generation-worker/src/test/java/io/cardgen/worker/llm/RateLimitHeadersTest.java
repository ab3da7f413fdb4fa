package io.cardgen.worker.llm;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class RateLimitHeadersTest {

  private static final Instant NOW = Instant.parse("2026-11-23T12:00:00Z");

  @Test
  void prefersOpenAisMillisecondsOverWholeSeconds() {
    RateLimitHeaders headers =
        RateLimitHeaders.of(
            Map.of("Retry-After", List.of("2"), "retry-after-ms", List.of("1500")), NOW);

    assertThat(headers.retryAfter()).contains(Duration.ofMillis(1500));
  }

  @Test
  void readsRetryAfterAsSecondsOrAnHttpDate() {
    assertThat(RateLimitHeaders.of(Map.of("retry-after", List.of("3")), NOW).retryAfter())
        .contains(Duration.ofSeconds(3));
    assertThat(
            RateLimitHeaders.of(
                    Map.of("Retry-After", List.of("Mon, 23 Nov 2026 12:00:07 GMT")), NOW)
                .retryAfter())
        .contains(Duration.ofSeconds(7));
  }

  @Test
  void aUsedUpWindowPausesUntilItsReset() {
    RateLimitHeaders headers =
        RateLimitHeaders.of(
            Map.of(
                "x-ratelimit-remaining-requests", List.of("0"),
                "x-ratelimit-reset-requests", List.of("1m30.5s"),
                "x-ratelimit-remaining-tokens", List.of("1200"),
                "x-ratelimit-reset-tokens", List.of("20ms")),
            NOW);

    assertThat(headers.retryAfter()).isEmpty();
    assertThat(headers.pause()).contains(Duration.ofMillis(90_500));
  }

  @Test
  void ignoresWhatItCannotRead() {
    RateLimitHeaders headers =
        RateLimitHeaders.of(
            Map.of(
                "Retry-After", List.of("soon"),
                "x-ratelimit-remaining-requests", List.of("0"),
                "x-ratelimit-reset-requests", List.of("5 fortnights")),
            NOW);

    assertThat(headers.pause()).isEmpty();
  }

  @Test
  void capsAHostileWait() {
    assertThat(RateLimitHeaders.of(Map.of("Retry-After", List.of("999999")), NOW).retryAfter())
        .contains(Duration.ofMinutes(10));
  }

  @Test
  void parsesGoDurations() {
    assertThat(RateLimitHeaders.goDuration("6m0s")).contains(Duration.ofMinutes(6));
    assertThat(RateLimitHeaders.goDuration("20ms")).contains(Duration.ofMillis(20));
    assertThat(RateLimitHeaders.goDuration("1h")).contains(Duration.ofHours(1));
    assertThat(RateLimitHeaders.goDuration("")).isEqualTo(Optional.empty());
  }
}
