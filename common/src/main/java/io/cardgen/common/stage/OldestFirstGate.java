package io.cardgen.common.stage;

import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Comparator;
import java.util.PriorityQueue;
import java.util.concurrent.atomic.LongAdder;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Supplier;

/**
 * Runs the pipeline's short sections around the model call (a request's intake, a job's claim, its
 * photos, its completion, the answer) at most {@code permits} at a time, the oldest request first.
 *
 * <p>Why: twenty requests that arrive together otherwise share the cores stage by stage, so all of
 * them reach the model late, come back together and share the cores again on the way out; the
 * slowest waits for everybody's work twice. Taken oldest first, the first requests reach the model
 * early, their answers come back spread out, and the slowest of a burst waits for the burst's
 * intake and its own completion only (ADR 0027, docs/performance.md, fifteenth round). The origin
 * is when the request reached the gateway, carried to the worker with the job, so a job's
 * completion goes before the intake of a request that came later.
 *
 * <p>The gate orders, it must not become a bottleneck: a section that waits on the network or a
 * client instead of the CPU steps out of it ({@link #outside}), and no section waits for a permit
 * longer than {@code maxWait}; after that it runs without one (counted in {@link #bypassed()}), so
 * a slow dependency that holds every permit delays the others by {@code maxWait} at most. A thread
 * inside a section runs nested sections at once. {@code permits} 0 turns the gate off.
 */
public final class OldestFirstGate {

  private final int permits;
  private final long maxWaitNanos;
  private final ReentrantLock lock = new ReentrantLock();
  private final PriorityQueue<Waiter> waiting =
      new PriorityQueue<>(Comparator.comparingLong(Waiter::origin).thenComparing(Waiter::order));
  private final ThreadLocal<Held> held = new ThreadLocal<>();
  private final LongAdder bypassed = new LongAdder();
  private int free;
  private long arrivals;

  /** A section that may throw a checked exception, such as a DNS lookup. */
  @FunctionalInterface
  public interface Section<T, E extends Exception> {
    T run() throws E;
  }

  /**
   * A gate for this process: {@code permits} as configured, or, when negative, two per core. One
   * per core leaves a core idle whenever a section waits on PostgreSQL or S3; it cut the
   * standalone's throughput at 1 000 concurrent by a quarter, two per core did not
   * (docs/performance.md).
   */
  public static OldestFirstGate forThisProcess(int permits, Duration maxWait) {
    int sized = permits >= 0 ? permits : 2 * Runtime.getRuntime().availableProcessors();
    return new OldestFirstGate(sized, maxWait);
  }

  public OldestFirstGate(int permits, Duration maxWait) {
    if (permits < 0 || maxWait.isNegative()) {
      throw new IllegalArgumentException("permits and maxWait must not be negative");
    }
    this.permits = permits;
    this.free = permits;
    this.maxWaitNanos = maxWait.toNanos();
  }

  /** An origin for a request arriving now: microseconds since the epoch. */
  public static long originNow() {
    return ChronoUnit.MICROS.between(Instant.EPOCH, Instant.now());
  }

  /** Runs {@code section} once a permit is free and no older request waits for one. */
  public <T> T run(long origin, Supplier<T> section) {
    if (permits == 0 || held.get() != null) {
      return section.get();
    }
    // Marked as inside a section even without a permit, so nested sections never wait again.
    held.set(new Held(origin, acquire(origin)));
    try {
      return section.get();
    } finally {
      boolean permit = held.get().permit();
      held.remove();
      if (permit) {
        release();
      }
    }
  }

  /**
   * Runs {@code section} without this thread's permit, if it holds one, and takes a permit again
   * after it, with the same origin: for waits on the network or a client inside a gated section.
   */
  public <T, E extends Exception> T outside(Section<T, E> section) throws E {
    Held holding = held.get();
    if (holding == null || !holding.permit()) {
      return section.run();
    }
    release();
    try {
      return section.run();
    } finally {
      // Out of patience, the rest of the section runs without a permit and releases none.
      held.set(new Held(holding.origin(), acquire(holding.origin())));
    }
  }

  public int permits() {
    return permits;
  }

  /** Sections that waited {@code maxWait} and ran without a permit. */
  public long bypassed() {
    return bypassed.sum();
  }

  /** Permits held now. */
  public int inUse() {
    lock.lock();
    try {
      return permits - free;
    } finally {
      lock.unlock();
    }
  }

  /** Sections waiting for a permit now. */
  public int waiting() {
    lock.lock();
    try {
      return waiting.size();
    } finally {
      lock.unlock();
    }
  }

  /** True with a permit; false when the wait ran out or was interrupted (the flag is kept). */
  private boolean acquire(long origin) {
    lock.lock();
    try {
      if (free > 0 && waiting.isEmpty()) {
        free--;
        return true;
      }
      Waiter waiter = new Waiter(origin, arrivals++, lock.newCondition());
      waiting.add(waiter);
      long left = maxWaitNanos;
      try {
        while (!waiter.granted && left > 0) {
          left = waiter.signal.awaitNanos(left);
        }
      } catch (InterruptedException interrupted) {
        Thread.currentThread().interrupt();
      }
      if (waiter.granted) {
        return true;
      }
      waiting.remove(waiter);
      bypassed.increment();
      return false;
    } finally {
      lock.unlock();
    }
  }

  private void release() {
    lock.lock();
    try {
      Waiter next = waiting.poll();
      if (next == null) {
        free++;
      } else {
        next.granted = true;
        next.signal.signal();
      }
    } finally {
      lock.unlock();
    }
  }

  private record Held(long origin, boolean permit) {}

  private static final class Waiter {
    private final long origin;
    private final long order;
    private final Condition signal;
    private boolean granted;

    Waiter(long origin, long order, Condition signal) {
      this.origin = origin;
      this.order = order;
      this.signal = signal;
    }

    long origin() {
      return origin;
    }

    long order() {
      return order;
    }
  }
}
