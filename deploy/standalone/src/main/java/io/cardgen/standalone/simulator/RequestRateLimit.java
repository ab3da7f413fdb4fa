package io.cardgen.standalone.simulator;

import java.time.Duration;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A provider-style request limit the simulator enforces: at most {@code requests} per {@code
 * window}, counted in fixed windows aligned to the epoch. Written {@code 600/60s} or {@code 10/1s}
 * in {@code CARDGEN_SIMULATOR_RATE_LIMIT}; requests over it get 429 with {@code Retry-After} and
 * OpenAI's {@code x-ratelimit-*} headers.
 */
public record RequestRateLimit(int requests, Duration window) {

  public static final RequestRateLimit NONE = new RequestRateLimit(0, Duration.ofMinutes(1));

  private static final Pattern TEXT = Pattern.compile("(\\d+)\\s*/\\s*(\\d+)(ms|s|m)");

  public RequestRateLimit {
    if (requests < 0 || window.isNegative() || window.isZero()) {
      throw new IllegalArgumentException("rate limit needs requests >= 0 and a positive window");
    }
  }

  /** Parses {@code N/<number>(ms|s|m)}; blank means no limit. */
  public static RequestRateLimit parse(String text) {
    if (text == null || text.isBlank()) {
      return NONE;
    }
    Matcher matcher = TEXT.matcher(text.strip());
    if (!matcher.matches()) {
      throw new IllegalArgumentException("rate limit must look like 600/60s, not: " + text);
    }
    long amount = Long.parseLong(matcher.group(2));
    Duration window =
        switch (matcher.group(3)) {
          case "ms" -> Duration.ofMillis(amount);
          case "s" -> Duration.ofSeconds(amount);
          default -> Duration.ofMinutes(amount);
        };
    return new RequestRateLimit(Integer.parseInt(matcher.group(1)), window);
  }

  boolean enforced() {
    return requests > 0;
  }
}
