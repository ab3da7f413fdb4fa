package io.cardgen.worker.llm;

import java.time.Duration;
import java.time.Instant;
import java.time.InstantSource;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.DoubleSupplier;

/**
 * What a provider call passes before it is sent, in this order: the provider's own pause (a 429's
 * {@code Retry-After}, or the reset of a used-up {@code x-ratelimit-*} window, for every call of
 * this worker at once), a slot of the {@link AdaptiveConcurrency} limit, and a request of the
 * {@link RateBudget} all workers share. Every wait ends at the card's deadline. Waits carry up to
 * {@value #JITTER_SHARE} of random extra, so callers released together do not hit the provider
 * together again.
 */
final class ProviderGate {

  private static final double JITTER_SHARE = 0.2;
  private static final long MIN_JITTER_NANOS = Duration.ofMillis(20).toNanos();

  private final RateBudget budget;
  private final AdaptiveConcurrency concurrency;
  private final InstantSource clock;
  private final DoubleSupplier random;
  private final AtomicLong pausedUntilNanos = new AtomicLong(System.nanoTime());

  ProviderGate(
      RateBudget budget,
      AdaptiveConcurrency concurrency,
      InstantSource clock,
      DoubleSupplier random) {
    this.budget = budget;
    this.concurrency = concurrency;
    this.clock = clock;
    this.random = random;
  }

  /** No shared budget, concurrency bounded only by the worker's own jobs in flight. */
  static ProviderGate unshared(int maxConcurrency, InstantSource clock) {
    return new ProviderGate(
        RateBudget.UNLIMITED,
        new AdaptiveConcurrency(maxConcurrency),
        clock,
        () -> ThreadLocalRandom.current().nextDouble());
  }

  /** A pass for one call, or empty when the waits would run past {@code deadline}. */
  Optional<Pass> enter(Instant deadline) throws InterruptedException {
    long deadlineNanos = System.nanoTime() + Duration.between(clock.instant(), deadline).toNanos();
    long paused = pausedUntilNanos.get() - System.nanoTime();
    if (paused > 0 && !sleepUntil(deadlineNanos, paused + jitter(paused))) {
      return Optional.empty();
    }
    long epoch = concurrency.acquire(deadlineNanos);
    if (epoch < 0) {
      return Optional.empty();
    }
    OptionalLong window;
    while ((window = budget.take(clock.instant())).isEmpty()) {
      Instant now = clock.instant();
      long untilNext = Duration.between(now, budget.nextWindow(now)).toNanos();
      if (!sleepUntil(deadlineNanos, untilNext + jitter(untilNext))) {
        concurrency.ended();
        return Optional.empty();
      }
    }
    return Optional.of(new Pass(window.getAsLong(), epoch));
  }

  /** Headers of a successful answer: a used-up window pauses everyone until it resets. */
  void observe(RateLimitHeaders headers) {
    headers.exhaustedFor().ifPresent(this::pause);
  }

  int concurrencyLimit() {
    return concurrency.limit();
  }

  private void pause(Duration wait) {
    long until = System.nanoTime() + wait.toNanos();
    pausedUntilNanos.accumulateAndGet(until, (a, b) -> a - b >= 0 ? a : b);
  }

  private long jitter(long waitNanos) {
    return (long) (random.getAsDouble() * Math.max(MIN_JITTER_NANOS, waitNanos * JITTER_SHARE));
  }

  private static boolean sleepUntil(long deadlineNanos, long waitNanos)
      throws InterruptedException {
    if (System.nanoTime() + waitNanos - deadlineNanos > 0) {
      return false;
    }
    Thread.sleep(waitNanos / 1_000_000, (int) (waitNanos % 1_000_000));
    return true;
  }

  /** One call's way through the gate; exactly one of its methods ends it. */
  final class Pass {
    private final long window;
    private final long epoch;

    private Pass(long window, long epoch) {
      this.window = window;
      this.epoch = epoch;
    }

    void succeeded(long tokens) {
      concurrency.succeeded();
      budget.spent(window, tokens);
    }

    void rateLimited(RateLimitHeaders headers) {
      concurrency.rateLimited(epoch);
      headers.pause().ifPresent(ProviderGate.this::pause);
    }

    void ended() {
      concurrency.ended();
    }
  }
}
