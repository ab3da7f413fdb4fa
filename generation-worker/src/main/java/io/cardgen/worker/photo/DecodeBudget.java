package io.cardgen.worker.photo;

import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;

/**
 * The memory outside the heap that photo decodes may take at once ({@code
 * cardgen.images.decode-memory}); see {@link io.cardgen.common.photo.DecoderMemory} for what takes
 * it. A decode waits for its share in arrival order (a fair semaphore: small decodes do not keep
 * overtaking a large one). A decode larger than the whole budget waits until it has all of it and
 * then runs alone, since refusing a photo within the pixel limit is not this class's call.
 */
final class DecodeBudget {

  private static final long UNIT = 1024;

  private final Semaphore units;
  private final int capacity;

  DecodeBudget(long bytes) {
    if (bytes < UNIT) {
      throw new IllegalArgumentException("the decode memory budget must be at least 1 KB");
    }
    this.capacity = (int) Math.min(Integer.MAX_VALUE, bytes / UNIT);
    this.units = new Semaphore(capacity, true);
  }

  /** A taken share, given back by {@link Share#close()}. */
  interface Share extends AutoCloseable {
    @Override
    void close();
  }

  /**
   * Waits until {@code bytes} (at most the whole budget) are free and takes them.
   *
   * @throws InterruptedException when the thread is interrupted while waiting
   */
  Share take(long bytes) throws InterruptedException {
    if (bytes <= 0) {
      return () -> {};
    }
    int wanted = units(bytes);
    units.acquire(wanted);
    return () -> units.release(wanted);
  }

  /**
   * Takes {@code bytes} if they are free now and no decode waits before this one, else null: the
   * caller can then step out of what it holds before it waits with {@link #take}.
   */
  Share tryTake(long bytes) {
    if (bytes <= 0) {
      return () -> {};
    }
    int wanted = units(bytes);
    // The timed form keeps the queue's order, which the untimed tryAcquire would jump.
    try {
      return units.tryAcquire(wanted, 0, TimeUnit.NANOSECONDS) ? () -> units.release(wanted) : null;
    } catch (InterruptedException stopping) {
      Thread.currentThread().interrupt();
      return null;
    }
  }

  /** Bytes free now, for tests. */
  long free() {
    return units.availablePermits() * UNIT;
  }

  private int units(long bytes) {
    return (int) Math.min(capacity, (bytes + UNIT - 1) / UNIT);
  }

  /** Decodes waiting for their share now, for tests. */
  int waiting() {
    return units.getQueueLength();
  }
}
