package io.cardgen.worker.llm;

import java.time.Duration;
import java.time.Instant;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What a provider's answer says about its rate limit: {@code retry-after-ms} (OpenAI), {@code
 * Retry-After} (seconds or an HTTP date, RFC 9110) and OpenAI's {@code
 * x-ratelimit-remaining-requests} / {@code x-ratelimit-reset-requests} (and the {@code -tokens}
 * pair), whose reset is written like {@code 1s}, {@code 6m0s} or {@code 20ms}.
 *
 * @param retryAfter how long the provider asks us to wait, when it says so
 * @param exhaustedFor when requests or tokens are used up in this window: until it resets
 */
record RateLimitHeaders(Optional<Duration> retryAfter, Optional<Duration> exhaustedFor) {

  static final RateLimitHeaders NONE = new RateLimitHeaders(Optional.empty(), Optional.empty());

  private static final Pattern PART = Pattern.compile("(\\d+(?:\\.\\d+)?)(ms|h|m|s)");
  private static final Duration LONGEST = Duration.ofMinutes(10);

  static RateLimitHeaders of(Map<String, List<String>> headers, Instant now) {
    Optional<Duration> retryAfter =
        first(headers, "retry-after-ms")
            .flatMap(RateLimitHeaders::millis)
            .or(() -> first(headers, "retry-after").flatMap(value -> secondsOrDate(value, now)));
    Optional<Duration> exhausted =
        longer(exhausted(headers, "requests"), exhausted(headers, "tokens"));
    return new RateLimitHeaders(retryAfter.map(RateLimitHeaders::capped), exhausted);
  }

  /** The pause these headers ask for: Retry-After first, else the reset of a used-up limit. */
  Optional<Duration> pause() {
    return retryAfter.or(() -> exhaustedFor);
  }

  private static Optional<Duration> exhausted(Map<String, List<String>> headers, String kind) {
    boolean usedUp =
        first(headers, "x-ratelimit-remaining-" + kind)
            .map(String::strip)
            .filter("0"::equals)
            .isPresent();
    return usedUp
        ? first(headers, "x-ratelimit-reset-" + kind)
            .flatMap(RateLimitHeaders::goDuration)
            .map(RateLimitHeaders::capped)
        : Optional.empty();
  }

  /** Parses OpenAI's reset format, a Go duration such as {@code 6m0s} or {@code 1.5s}. */
  static Optional<Duration> goDuration(String text) {
    Matcher matcher = PART.matcher(text.strip());
    double millis = 0;
    int end = 0;
    while (matcher.find() && matcher.start() == end) {
      double amount = Double.parseDouble(matcher.group(1));
      millis +=
          switch (matcher.group(2)) {
            case "h" -> amount * 3_600_000;
            case "m" -> amount * 60_000;
            case "s" -> amount * 1_000;
            default -> amount;
          };
      end = matcher.end();
    }
    return end > 0 && end == text.strip().length()
        ? Optional.of(Duration.ofMillis(Math.round(millis)))
        : Optional.empty();
  }

  private static Optional<Duration> secondsOrDate(String value, Instant now) {
    try {
      return Optional.of(Duration.ofSeconds(Long.parseLong(value.strip())));
    } catch (NumberFormatException notSeconds) {
      try {
        Instant at =
            ZonedDateTime.parse(value.strip(), DateTimeFormatter.RFC_1123_DATE_TIME).toInstant();
        return Optional.of(at.isAfter(now) ? Duration.between(now, at) : Duration.ZERO);
      } catch (DateTimeParseException notADate) {
        return Optional.empty();
      }
    }
  }

  private static Optional<Duration> millis(String value) {
    try {
      return Optional.of(Duration.ofMillis(Math.round(Double.parseDouble(value.strip()))));
    } catch (NumberFormatException unreadable) {
      return Optional.empty();
    }
  }

  /** A broken or hostile header must not park the worker for hours. */
  private static Duration capped(Duration wait) {
    return wait.isNegative() ? Duration.ZERO : wait.compareTo(LONGEST) > 0 ? LONGEST : wait;
  }

  private static Optional<Duration> longer(Optional<Duration> a, Optional<Duration> b) {
    if (a.isEmpty()) {
      return b;
    }
    return b.isPresent() && b.get().compareTo(a.get()) > 0 ? b : a;
  }

  private static Optional<String> first(Map<String, List<String>> headers, String name) {
    for (Map.Entry<String, List<String>> header : headers.entrySet()) {
      if (header.getKey() != null
          && header.getKey().toLowerCase(Locale.ROOT).equals(name)
          && !header.getValue().isEmpty()) {
        return Optional.of(header.getValue().get(0));
      }
    }
    return Optional.empty();
  }
}
