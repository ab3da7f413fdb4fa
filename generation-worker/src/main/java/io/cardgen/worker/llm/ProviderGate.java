package io.cardgen.worker.llm;

import java.time.Duration;
import java.time.Instant;
import java.time.InstantSource;
import java.util.Optional;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.DoubleSupplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * What a provider call passes before it is sent, in this order: the provider's own pause (a 429's
 * {@code Retry-After}, or the reset of a used-up {@code x-ratelimit-*} window, for every call of
 * this worker at once), a slot of the {@link AdaptiveConcurrency} limit, and a request of the
 * {@link RateBudget} all workers share, which sets aside the tokens the call is expected to use
 * ({@link TokenEstimate}); the pause is looked at again once both are had, since a 429 may have
 * come in while this call waited for them. Every wait ends at the given latest start; a call that
 * took from the budget and is then not let through gives its take back. Waits carry up to {@value
 * #JITTER_SHARE} of random extra, so callers released together do not hit the provider together
 * again. A slot taken is given back on every way out. A shared budget that cannot be asked (its
 * database briefly unreachable) lets the call through rather than failing it: the budget only paces
 * calls, while the provider's 429s and the adaptive limit still hold.
 */
final class ProviderGate implements ProviderBacklog {

  private static final Logger log = LoggerFactory.getLogger(ProviderGate.class);

  private static final double JITTER_SHARE = 0.2;
  private static final long MIN_JITTER_NANOS = Duration.ofMillis(20).toNanos();
  private static final long BUDGET_WARNING_INTERVAL_NANOS = Duration.ofSeconds(10).toNanos();

  private final RateBudget budget;
  private final TokenEstimate tokens;
  private final AdaptiveConcurrency concurrency;
  private final InstantSource clock;
  private final DoubleSupplier random;
  private final AtomicLong pausedUntilNanos = new AtomicLong(System.nanoTime());
  private final AtomicInteger waiting = new AtomicInteger();
  private final AtomicLong lastBudgetWarning =
      new AtomicLong(System.nanoTime() - BUDGET_WARNING_INTERVAL_NANOS);

  ProviderGate(
      RateBudget budget,
      TokenEstimate tokens,
      AdaptiveConcurrency concurrency,
      InstantSource clock,
      DoubleSupplier random) {
    this.budget = budget;
    this.tokens = tokens;
    this.concurrency = concurrency;
    this.clock = clock;
    this.random = random;
  }

  /** No shared budget, concurrency bounded only by the worker's own jobs in flight. */
  static ProviderGate unshared(int maxConcurrency, InstantSource clock) {
    return new ProviderGate(
        RateBudget.UNLIMITED,
        new TokenEstimate(1),
        new AdaptiveConcurrency(maxConcurrency),
        clock,
        () -> ThreadLocalRandom.current().nextDouble());
  }

  /** A pass for one call, or empty when the waits would run past {@code latestStart}. */
  Optional<Pass> enter(Instant latestStart) throws InterruptedException {
    waiting.incrementAndGet();
    // Counted as waiting before it stops counting as on its way, so a watcher never sees neither.
    GateArrival.arrived();
    try {
      return pass(latestStart);
    } finally {
      waiting.decrementAndGet();
    }
  }

  /** Calls waiting for a pass now: for a slot, for the budget or for a pause to end. */
  @Override
  public int waiting() {
    return waiting.get();
  }

  @Override
  public boolean limited() {
    return budget != RateBudget.UNLIMITED
        || concurrency.limit() < concurrency.max()
        || pausedUntilNanos.get() - System.nanoTime() > 0;
  }

  private Optional<Pass> pass(Instant latestStart) throws InterruptedException {
    long deadlineNanos =
        System.nanoTime() + Duration.between(clock.instant(), latestStart).toNanos();
    if (!waitOutPause(deadlineNanos)) {
      return Optional.empty();
    }
    long epoch = concurrency.acquire(deadlineNanos);
    if (epoch < 0) {
      return Optional.empty();
    }
    boolean passed = false;
    Optional<Take> take = Optional.empty();
    try {
      take = takeFromBudget(deadlineNanos, tokens.perCall());
      passed = take.isPresent() && waitOutPause(deadlineNanos);
      return passed ? Optional.of(new Pass(epoch, take.get().tokens())) : Optional.empty();
    } finally {
      if (!passed) {
        concurrency.ended();
        take.ifPresent(this::giveBack);
      }
    }
  }

  private boolean waitOutPause(long deadlineNanos) throws InterruptedException {
    long paused = pausedUntilNanos.get() - System.nanoTime();
    return paused <= 0 || sleepUntil(deadlineNanos, paused + jitter(paused));
  }

  /** A request of the budget, or empty when none came free before the deadline. */
  private Optional<Take> takeFromBudget(long deadlineNanos, long expected)
      throws InterruptedException {
    while (true) {
      Instant now = clock.instant();
      Optional<Take> take = tryTake(now, expected);
      if (take.isPresent()) {
        return take;
      }
      long untilNext = Duration.between(now, budget.nextWindow(now)).toNanos();
      if (!sleepUntil(deadlineNanos, untilNext + jitter(untilNext))) {
        return Optional.empty();
      }
    }
  }

  /**
   * A take if the budget has room now; an uncounted one when it cannot be asked (class comment).
   */
  private Optional<Take> tryTake(Instant now, long expected) {
    try {
      return budget.take(now, expected)
          ? Optional.of(new Take(now, expected, true))
          : Optional.empty();
    } catch (RuntimeException unreachable) {
      long at = System.nanoTime();
      long last = lastBudgetWarning.get();
      // A thousand calls meet an outage at once: one line per interval tells it.
      if (at - last >= BUDGET_WARNING_INTERVAL_NANOS && lastBudgetWarning.compareAndSet(last, at)) {
        log.warn(
            "The shared rate budget cannot be read; provider calls go without it: {}",
            unreachable.toString());
      }
      return Optional.of(new Take(now, expected, false));
    }
  }

  /**
   * A call that took from the budget and was then not sent (a pause that began meanwhile outran its
   * deadline, or the worker stopped) gives its take back, or the window would count a call the
   * provider never saw and refuse a real one for it. Best-effort like counting tokens: the call has
   * failed either way.
   */
  private void giveBack(Take take) {
    if (!take.counted()) {
      return;
    }
    try {
      budget.giveBack(take.at(), take.tokens());
    } catch (RuntimeException unrecorded) {
      log.warn(
          "Could not give a request of a call not sent back to the shared rate budget: {}",
          unrecorded.toString());
    }
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

  /** {@code wait} with up to {@value #JITTER_SHARE} of it added at random. */
  Duration withJitter(Duration wait) {
    return wait.plusNanos(jitter(wait.toNanos()));
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

  /**
   * What a call took from the budget at {@code at}: a request and {@code tokens} set aside; not
   * {@code counted} when the budget could not be read and let the call through without a take.
   */
  private record Take(Instant at, long tokens, boolean counted) {}

  /** One call's way through the gate; the first of its methods called ends it, later ones not. */
  final class Pass {
    private final long epoch;
    private final long expected;
    private boolean over;

    private Pass(long epoch, long expected) {
      this.epoch = epoch;
      this.expected = expected;
    }

    /**
     * What the call used beyond the tokens set aside for it goes to the window it was spent in, the
     * one the answer came in: a call lasts seconds, longer than a window, and its own window has
     * closed by then. Counting them is best-effort: the card is written either way.
     */
    void succeeded(long used) {
      if (end()) {
        concurrency.succeeded();
        tokens.observe(used);
        long beyond = used - expected;
        try {
          budget.spent(clock.instant(), beyond);
        } catch (RuntimeException unrecorded) {
          log.warn(
              "Could not add {} tokens to the shared rate budget: {}",
              beyond,
              unrecorded.toString());
        }
      }
    }

    void rateLimited(RateLimitHeaders headers) {
      if (end()) {
        // The pause first: the slot given back may wake a call that must already see it.
        headers.pause().ifPresent(ProviderGate.this::pause);
        concurrency.rateLimited(epoch);
      }
    }

    void ended() {
      if (end()) {
        concurrency.ended();
      }
    }

    private boolean end() {
      boolean first = !over;
      over = true;
      return first;
    }
  }
}
