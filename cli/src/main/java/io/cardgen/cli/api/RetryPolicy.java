package io.cardgen.cli.api;

import java.time.Duration;
import java.util.function.Consumer;

/**
 * How often and how long to retry an answer that may go away by itself: a network failure, a
 * stalled or broken stream, 429, 502, 503 or 504. Every request the client sends is safe to repeat
 * (creation carries its idempotency key, cancel is idempotent, the rest only read), so one policy
 * serves all of them.
 *
 * @param attempts total tries, at least 1
 * @param firstDelay the wait before the second try; each further wait doubles, up to {@code
 *     maxDelay}
 * @param maxDelay the longest wait, also the cap on a server's {@code Retry-After}
 * @param notices told of each retry, so a user knows why nothing seems to happen
 */
public record RetryPolicy(
    int attempts, Duration firstDelay, Duration maxDelay, Pause pause, Consumer<String> notices) {

  public RetryPolicy {
    if (attempts < 1) {
      throw new IllegalArgumentException("attempts must be at least 1");
    }
  }

  /** Six tries over about half a minute; each retry is announced to {@code notices}. */
  public static RetryPolicy standard(Pause pause, Consumer<String> notices) {
    return new RetryPolicy(6, Duration.ofSeconds(1), Duration.ofSeconds(60), pause, notices);
  }

  /** The wait before try {@code attempt + 1} (attempt counts from 1). */
  Duration delayAfter(int attempt, Duration retryAfter) {
    if (retryAfter != null) {
      return retryAfter.compareTo(maxDelay) > 0 ? maxDelay : retryAfter;
    }
    Duration delay = firstDelay.multipliedBy(1L << Math.min(attempt - 1, 16));
    return delay.compareTo(maxDelay) > 0 ? maxDelay : delay;
  }
}
