package io.cardgen.worker.llm;

import java.time.Duration;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.LongSupplier;

/**
 * How many provider calls may run at once, found by AIMD like TCP's congestion window: every
 * success adds {@code 1/limit} (about one more call per round of calls), a rate-limit answer halves
 * what was in flight. A decrease counts once per round: 429s of calls that started before the last
 * decrease report the same overload and are ignored, or one burst would collapse the limit.
 *
 * <p>Once no rate-limit answer has come for {@link #QUIET} the provider has recovered (its
 * requests/tokens-per-minute windows have all turned over since), and the limit grows like TCP's
 * slow start: every success adds a whole call, which doubles it per round, until the next
 * rate-limit answer or the max. Only additive growth, after a storm had cut it to 1, took a
 * thousand rounds (over half an hour at 2-s calls) to climb back to the default max of 1 000 while
 * the provider had long answered again; doubling takes ten.
 */
final class AdaptiveConcurrency {

  private static final double DECREASE = 0.5;

  /** The provider's longest usual limit window: a minute without a 429 means it has turned over. */
  static final Duration QUIET = Duration.ofMinutes(1);

  private final double max;
  private final LongSupplier nanoTime;
  private final ReentrantLock lock = new ReentrantLock();
  private final Condition slotFreed = lock.newCondition();
  private double limit;
  private int inFlight;
  private long epoch;
  private boolean everRateLimited;
  private long lastRateLimitedNanos;

  AdaptiveConcurrency(int max) {
    this(max, System::nanoTime);
  }

  /**
   * @param nanoTime when rate-limit answers come and successes end, in {@link System#nanoTime}'s
   *     manner; only the quiet period is measured by it, the deadlines of {@link #acquire} are of
   *     {@link System#nanoTime} itself
   */
  AdaptiveConcurrency(int max, LongSupplier nanoTime) {
    if (max < 1) {
      throw new IllegalArgumentException("max concurrency must be at least 1");
    }
    this.max = max;
    this.nanoTime = nanoTime;
    this.limit = max;
  }

  /**
   * Waits for a slot until {@code deadlineNanos} (of {@link System#nanoTime}); returns the epoch to
   * hand back, or -1 when the time ran out.
   */
  long acquire(long deadlineNanos) throws InterruptedException {
    lock.lock();
    try {
      while (inFlight >= (int) limit) {
        long left = deadlineNanos - System.nanoTime();
        if (left <= 0) {
          return -1;
        }
        slotFreed.awaitNanos(left);
      }
      inFlight++;
      return epoch;
    } finally {
      lock.unlock();
    }
  }

  void succeeded() {
    lock.lock();
    try {
      double before = limit;
      limit = Math.min(max, limit + (quiet() ? 1 : 1 / limit));
      release();
      // A success adds at most one whole slot, free at once: one more waiter may take it.
      if ((int) limit > (int) before) {
        slotFreed.signal();
      }
    } finally {
      lock.unlock();
    }
  }

  void rateLimited(long acquiredEpoch) {
    lock.lock();
    try {
      // Every 429 says the provider still refuses, a stale one too: the quiet period starts over,
      // though only the first of a round decreases the limit.
      everRateLimited = true;
      lastRateLimitedNanos = nanoTime.getAsLong();
      if (acquiredEpoch == epoch) {
        limit = Math.max(1, Math.min(limit, inFlight) * DECREASE);
        epoch++;
      }
      release();
    } finally {
      lock.unlock();
    }
  }

  /** A call that ended without telling anything about the provider's load. */
  void ended() {
    lock.lock();
    try {
      release();
    } finally {
      lock.unlock();
    }
  }

  int max() {
    return (int) max;
  }

  int limit() {
    lock.lock();
    try {
      return (int) limit;
    } finally {
      lock.unlock();
    }
  }

  /** Whether no rate-limit answer has come for {@link #QUIET}; called under the lock. */
  private boolean quiet() {
    return !everRateLimited || nanoTime.getAsLong() - lastRateLimitedNanos >= QUIET.toNanos();
  }

  private void release() {
    inFlight--;
    // One freed slot wakes one waiter: a thousand waiting calls must not all wake for it.
    slotFreed.signal();
  }
}
