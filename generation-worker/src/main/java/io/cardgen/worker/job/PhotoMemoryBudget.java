package io.cardgen.worker.job;

import java.util.HashMap;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.BooleanSupplier;
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
  private final Map<Hold, Long> held = new HashMap<>();
  private final Map<UUID, Hold> newest = new HashMap<>();
  private long holds;
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

  /**
   * One admission of a job, which the thread that ran it releases. Two attempts of one job may run
   * on one worker (the first outlived its lease and was handed out again): each has its own hold,
   * so the first one's end does not drop the second one's.
   */
  record Hold(UUID job, long id) {}

  /** Waits until a job with {@code photos} photos fits, then holds its worst case. */
  Hold admit(UUID job, int photos) {
    return admit(job, photos, false, () -> false);
  }

  /**
   * Like {@link #admit}, but gives null instead once {@code stopping} holds: checked before the job
   * is admitted and whenever {@link #wakeWaiters} is called.
   */
  Hold admitUnlessStopping(UUID job, int photos, BooleanSupplier stopping) {
    return admit(job, photos, false, stopping);
  }

  /**
   * Like {@link #admitUnlessStopping}, but a job held already is not admitted again and gives null
   * at once too: a second delivery of a job that runs here, whose claim would fail anyway, must not
   * wait for memory, nor count it twice.
   */
  Hold admitUnlessHeld(UUID job, int photos, BooleanSupplier stopping) {
    return admit(job, photos, true, stopping);
  }

  private Hold admit(UUID job, int photos, boolean unlessHeld, BooleanSupplier stopping) {
    long estimate = Math.min(limit, perPhoto * Math.max(photos, 0));
    lock.lock();
    try {
      while (!(unlessHeld && newest.containsKey(job))
          && !stopping.getAsBoolean()
          && used > 0
          && used + estimate > limit) {
        freed.awaitUninterruptibly();
      }
      if ((unlessHeld && newest.containsKey(job)) || stopping.getAsBoolean()) {
        return null;
      }
      Hold hold = new Hold(job, ++holds);
      newest.put(job, hold);
      hold(hold, estimate);
      return hold;
    } finally {
      lock.unlock();
    }
  }

  /**
   * The admitted job now holds {@code bytes}; a hold released already, or never given by this
   * budget, is not tracked.
   */
  void settle(Hold hold, long bytes) {
    lock.lock();
    try {
      if (held.containsKey(hold)) {
        hold(hold, bytes);
      }
    } finally {
      lock.unlock();
    }
  }

  void release(Hold hold) {
    lock.lock();
    try {
      Long bytes = held.remove(hold);
      newest.remove(hold.job(), hold);
      if (bytes != null) {
        used -= bytes;
        freed.signalAll();
      }
    } finally {
      lock.unlock();
    }
  }

  /** Lets the threads waiting for room look again at whether they should give up. */
  void wakeWaiters() {
    lock.lock();
    try {
      freed.signalAll();
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

  private void hold(Hold hold, long bytes) {
    Long before = held.put(hold, bytes);
    long previous = before == null ? 0 : before;
    used += bytes - previous;
    if (bytes < previous) {
      freed.signalAll();
    }
  }
}
