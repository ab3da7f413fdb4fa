package io.cardgen.worker.job;

import java.util.HashMap;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.stereotype.Component;

/**
 * Bounds the photo bytes this worker holds at once, so a burst of large photos cannot exhaust the
 * heap however many jobs {@code max-in-flight} allows. Before a job starts, the intake {@linkplain
 * #admit admits} it at a worst-case estimate (each photo at the per-photo estimate) and waits —
 * without polling Kafka — while that does not fit. Once its photos are loaded the job {@linkplain
 * #settle settles} at what it really holds, so small photos free their estimate within
 * milliseconds, and it is {@linkplain #release released} when it ends.
 *
 * <p>A job larger than the whole budget is admitted alone, so it can still run. A lock and
 * condition rather than {@code synchronized}: job threads may be virtual and must not pin their
 * carrier.
 */
@Component
class PhotoMemoryBudget {

  private final long limit;
  private final long perPhoto;
  private final ReentrantLock lock = new ReentrantLock();
  private final Condition freed = lock.newCondition();
  private final Map<UUID, Long> held = new HashMap<>();
  private long used;

  @Autowired
  PhotoMemoryBudget(MemoryBudgetProperties properties) {
    this(properties.photoBytesOr(Runtime.getRuntime().maxMemory()), properties.perPhotoBytes());
  }

  PhotoMemoryBudget(long limit, long perPhoto) {
    if (limit <= 0 || perPhoto <= 0) {
      throw new IllegalArgumentException("photo memory budget and estimate must be positive");
    }
    this.limit = limit;
    this.perPhoto = perPhoto;
  }

  /** Waits until a job with {@code photos} photos fits, then holds its worst case. */
  void admit(UUID job, int photos) {
    admit(job, photos, false);
  }

  /**
   * Like {@link #admit}, but a job held already is not admitted again and gives {@code false} at
   * once: a second delivery of a job that runs here, whose claim would fail anyway, must not take
   * over (and on release drop) the running job's hold.
   */
  boolean admitUnlessHeld(UUID job, int photos) {
    return admit(job, photos, true);
  }

  private boolean admit(UUID job, int photos, boolean unlessHeld) {
    long estimate = Math.min(limit, perPhoto * Math.max(photos, 0));
    lock.lock();
    try {
      while (!(unlessHeld && held.containsKey(job)) && used > 0 && used + estimate > limit) {
        freed.awaitUninterruptibly();
      }
      if (unlessHeld && held.containsKey(job)) {
        return false;
      }
      hold(job, estimate);
      return true;
    } finally {
      lock.unlock();
    }
  }

  /** The job now holds {@code bytes}; a job this budget never admitted is not tracked. */
  void settle(UUID job, long bytes) {
    lock.lock();
    try {
      if (held.containsKey(job)) {
        hold(job, bytes);
      }
    } finally {
      lock.unlock();
    }
  }

  void release(UUID job) {
    lock.lock();
    try {
      Long bytes = held.remove(job);
      if (bytes != null) {
        used -= bytes;
        freed.signalAll();
      }
    } finally {
      lock.unlock();
    }
  }

  /** Bytes held now; for metrics and tests. */
  long usedBytes() {
    lock.lock();
    try {
      return used;
    } finally {
      lock.unlock();
    }
  }

  long limitBytes() {
    return limit;
  }

  private void hold(UUID job, long bytes) {
    Long before = held.put(job, bytes);
    long previous = before == null ? 0 : before;
    used += bytes - previous;
    if (bytes < previous) {
      freed.signalAll();
    }
  }
}
