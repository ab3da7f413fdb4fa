package io.cardgen.worker.llm;

import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;

/**
 * How many provider calls may run at once, found by AIMD like TCP's congestion window: every
 * success adds {@code 1/limit} (about one more call per round of calls), a rate-limit answer halves
 * what was in flight. A decrease counts once per round: 429s of calls that started before the last
 * decrease report the same overload and are ignored, or one burst would collapse the limit.
 */
final class AdaptiveConcurrency {

  private static final double DECREASE = 0.5;

  private final double max;
  private final ReentrantLock lock = new ReentrantLock();
  private final Condition slotFreed = lock.newCondition();
  private double limit;
  private int inFlight;
  private long epoch;

  AdaptiveConcurrency(int max) {
    if (max < 1) {
      throw new IllegalArgumentException("max concurrency must be at least 1");
    }
    this.max = max;
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
      limit = Math.min(max, limit + 1 / limit);
      release();
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

  private void release() {
    inFlight--;
    // One freed slot wakes one waiter: a thousand waiting calls must not all wake for it.
    slotFreed.signal();
  }
}
