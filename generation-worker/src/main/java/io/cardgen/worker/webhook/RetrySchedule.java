package io.cardgen.worker.webhook;

import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import java.util.function.DoubleSupplier;

/**
 * When a failed delivery is tried again: the nominal delay doubles from {@code firstRetry} after
 * each attempt up to {@code maxRetryDelay}, and the actual delay is drawn between half and all of
 * it, so receivers that failed together are not all called back in the same second. Attempts go on
 * until {@code retryFor} after the event; the last one is moved to that moment rather than past it,
 * and a delivery gives up only when an attempt at or after it fails.
 */
final class RetrySchedule {

  private final Duration firstRetry;
  private final Duration maxRetryDelay;
  private final Duration retryFor;
  private final DoubleSupplier jitter;

  /**
   * @param jitter values in [0, 1); the share of the upper half of the nominal delay to add
   */
  RetrySchedule(
      Duration firstRetry, Duration maxRetryDelay, Duration retryFor, DoubleSupplier jitter) {
    this.firstRetry = firstRetry;
    this.maxRetryDelay = maxRetryDelay;
    this.retryFor = retryFor;
    this.jitter = jitter;
  }

  /**
   * The time of the next attempt after attempt number {@code attempt} failed at {@code now}, or
   * empty when the delivery should give up.
   */
  Optional<Instant> next(int attempt, Instant createdAt, Instant now) {
    Instant deadline = createdAt.plus(retryFor);
    if (!now.isBefore(deadline)) {
      return Optional.empty();
    }
    long nominal = nominalDelay(attempt).toMillis();
    long delay = nominal / 2 + (long) (jitter.getAsDouble() * (nominal - nominal / 2));
    Instant next = now.plusMillis(delay);
    return Optional.of(next.isAfter(deadline) ? deadline : next);
  }

  private Duration nominalDelay(int attempt) {
    // 2^(attempt-1) overflows long past ~62 doublings; the cap is reached long before.
    int doublings = Math.min(Math.max(attempt - 1, 0), 30);
    Duration delay = firstRetry.multipliedBy(1L << doublings);
    return delay.compareTo(maxRetryDelay) > 0 ? maxRetryDelay : delay;
  }
}
