package io.cardgen.worker.job;

import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import java.util.concurrent.Semaphore;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.BooleanSupplier;
import org.springframework.stereotype.Component;

/**
 * The worker's job slots, shared by the two ways work comes in. Synchronous jobs (from Kafka) may
 * use every slot; batch items (pulled by {@link BatchFeeder}) only the slots beyond a reserve. So
 * however many batch items wait, a synchronous job arriving finds a free slot at once as long as
 * fewer than the reserve are running — its latency does not depend on the batch queue.
 *
 * <p>The Kafka consumer thread waits for a slot on a lock and condition rather than in the
 * semaphore, so that a stopping worker can end the wait at once ({@link #wakeSyncWaiters}) without
 * interrupting a thread that Kafka's client also runs on. Job threads may be virtual: no {@code
 * synchronized}.
 */
@Component
class WorkCapacity {

  private final Semaphore slots;
  private final int total;
  private final int batchLimit;
  private final AtomicInteger syncRunning = new AtomicInteger();
  private final AtomicInteger batchRunning = new AtomicInteger();
  private final ReentrantLock waiting = new ReentrantLock();
  private final Condition freed = waiting.newCondition();

  WorkCapacity(WorkerProperties worker, BatchFeedProperties feed, MeterRegistry meters) {
    this.total = worker.maxInFlight();
    this.slots = new Semaphore(total);
    // At least one: a worker configured with fewer slots than the reserve still makes progress.
    this.batchLimit = Math.max(1, total - feed.syncReserve());
    Gauge.builder("cardgen.jobs.running", syncRunning, AtomicInteger::get)
        .description("Jobs this worker is running, by priority class")
        .tag("class", "sync")
        .register(meters);
    Gauge.builder("cardgen.jobs.running", batchRunning, AtomicInteger::get)
        .description("Jobs this worker is running, by priority class")
        .tag("class", "batch")
        .register(meters);
  }

  /**
   * Waits for a slot; the Kafka consumer thread blocks here rather than polling more work. Gives
   * up, false, once {@code stopping} holds: checked before each try and whenever {@link
   * #wakeSyncWaiters} is called.
   */
  boolean acquireForSync(BooleanSupplier stopping) {
    waiting.lock();
    try {
      while (!stopping.getAsBoolean()) {
        if (slots.tryAcquire()) {
          syncRunning.incrementAndGet();
          return true;
        }
        freed.awaitUninterruptibly();
      }
      return false;
    } finally {
      waiting.unlock();
    }
  }

  /** Lets the threads waiting for a slot look again at whether they should give up. */
  void wakeSyncWaiters() {
    waiting.lock();
    try {
      freed.signalAll();
    } finally {
      waiting.unlock();
    }
  }

  void releaseSync() {
    syncRunning.decrementAndGet();
    slots.release();
    wakeSyncWaiters();
  }

  /** A slot for a batch item if one is free beyond the synchronous reserve; never waits. */
  boolean tryAcquireForBatch() {
    return tryAcquireForBatch(1) == 1;
  }

  /** Up to {@code wanted} slots for batch items, as many as are free; never waits. */
  int tryAcquireForBatch(int wanted) {
    int running;
    int taken;
    do {
      running = batchRunning.get();
      taken = Math.min(wanted, batchLimit - running);
      if (taken <= 0) {
        return 0;
      }
    } while (!batchRunning.compareAndSet(running, running + taken));
    int granted = taken;
    while (granted > 0 && !slots.tryAcquire(granted)) {
      granted--;
    }
    batchRunning.addAndGet(granted - taken);
    return granted;
  }

  void releaseBatch() {
    releaseBatch(1);
  }

  void releaseBatch(int count) {
    if (count > 0) {
      batchRunning.addAndGet(-count);
      slots.release(count);
      wakeSyncWaiters();
    }
  }

  /** Jobs running now, both classes. */
  int inFlight() {
    return total - slots.availablePermits();
  }
}
