package io.cardgen.worker.job;

import io.cardgen.common.stage.OldestFirstGate;
import io.cardgen.worker.llm.GateArrival;
import io.cardgen.worker.llm.ProviderBacklog;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.SmartLifecycle;
import org.springframework.stereotype.Component;

/**
 * Pulls batch items from PostgreSQL into this worker's free batch slots (ADR 0008). Batch items are
 * never put on the Kafka jobs topic: a topic is FIFO, and a FIFO would make every synchronous
 * request and every small batch wait behind the biggest batch queued before it.
 *
 * <p>One thread claims while slots are free and items are found, then sleeps: briefly while it
 * keeps finding work, up to {@code poll-max} while the queue is empty (doubling each time), and is
 * woken as soon as one of its items ends so the slot is refilled at once.
 */
@Component
class BatchFeeder implements SmartLifecycle {

  private static final Logger log = LoggerFactory.getLogger(BatchFeeder.class);

  /** Longer than a claim statement takes; a stop never waits for more than this. */
  private static final Duration STOP_WAIT = Duration.ofSeconds(30);

  // Slots one claim statement fills at most (ADR 0040). Small next to the slots a worker has, so a
  // claim's items keep the fairness of claims of one; a claimed item waits for the photo budget
  // behind at most this many others.
  static final int CLAIMS_PER_STATEMENT = 16;

  private final BatchClaims claims;
  private final GenerationProcessor processor;
  private final WorkCapacity capacity;
  private final PhotoMemoryBudget memory;
  private final JobExecutor executor;
  private final WorkerProperties worker;
  private final WorkerIdentity identity;
  private final BatchFeedProperties feed;
  private final ProviderBacklog backlog;
  private final Clock clock;
  private final Semaphore wakeups = new Semaphore(0);
  private final AtomicInteger onTheirWay = new AtomicInteger();
  private volatile Thread thread;
  private volatile boolean running;

  BatchFeeder(
      BatchClaims claims,
      GenerationProcessor processor,
      WorkCapacity capacity,
      PhotoMemoryBudget memory,
      JobExecutor executor,
      WorkerProperties worker,
      WorkerIdentity identity,
      BatchFeedProperties feed,
      ProviderBacklog backlog,
      Clock clock) {
    this.backlog = backlog;
    this.claims = claims;
    this.processor = processor;
    this.capacity = capacity;
    this.memory = memory;
    this.executor = executor;
    this.worker = worker;
    this.identity = identity;
    this.feed = feed;
    this.clock = clock;
  }

  @Override
  public void start() {
    if (!feed.enabled()) {
      return;
    }
    running = true;
    thread = new Thread(this::loop, "batch-feeder");
    thread.setDaemon(true);
    thread.start();
  }

  @Override
  public void stop() {
    running = false;
    Thread feeder = thread;
    if (feeder != null) {
      feeder.interrupt();
      // A claim in flight commits its items as running: they must reach the executor, which stops
      // after this (a later phase), or they would wait for their lease to run out, an attempt lost.
      try {
        feeder.join(STOP_WAIT.toMillis());
      } catch (InterruptedException interrupted) {
        Thread.currentThread().interrupt();
      }
    }
  }

  @Override
  public boolean isRunning() {
    return running;
  }

  private void loop() {
    Duration pause = feed.pollMin();
    while (running) {
      try {
        pause = feedOnce() ? feed.pollMin() : longer(pause);
      } catch (RuntimeException failure) {
        log.warn("Claiming batch items failed, retrying: {}", failure.toString());
        pause = feed.pollMax();
      }
      try {
        wakeups.tryAcquire(pause.toMillis(), TimeUnit.MILLISECONDS);
        wakeups.drainPermits();
      } catch (InterruptedException interrupted) {
        Thread.currentThread().interrupt();
        return;
      }
    }
  }

  private Duration longer(Duration pause) {
    Duration doubled = pause.multipliedBy(2);
    return doubled.compareTo(feed.pollMax()) > 0 ? feed.pollMax() : doubled;
  }

  /**
   * Claims items until the batch slots are full or the queue is empty; true when it claimed any and
   * slots remain busy with them, so the next look is soon.
   */
  boolean feedOnce() {
    boolean claimedAny = false;
    // Calls queue for the provider's limits: items claimed now would wait behind them, their
    // leases and time budgets running, and fail if the wait outlasts the budget. Claimed later,
    // they start when the provider has room. Where limits apply, the items claimed last must have
    // reached the gate (or ended) first, or the queue they are about to join would not show yet;
    // each arrival wakes the feeder. Without limits nothing queues there, and claims go on at
    // once (waiting for arrivals would cap a batch's rate at one claim per photo load).
    while (running && backlog.waiting() == 0 && (onTheirWay.get() == 0 || !backlog.limited())) {
      int slots = capacity.tryAcquireForBatch(CLAIMS_PER_STATEMENT);
      if (slots == 0) {
        return claimedAny;
      }
      List<ClaimedJob> claimed = claim(slots);
      capacity.releaseBatch(slots - claimed.size());
      onTheirWay.addAndGet(claimed.size());
      for (ClaimedJob job : claimed) {
        // Like the share-group listener: stop claiming while photos in flight fill the budget.
        PhotoMemoryBudget.Hold hold = memory.admit(job.id(), job.spec().photos().size());
        executor.execute(() -> runAndRelease(job, hold));
      }
      claimedAny |= !claimed.isEmpty();
      if (claimed.size() < slots) {
        return claimedAny;
      }
    }
    return claimedAny;
  }

  private List<ClaimedJob> claim(int slots) {
    try {
      Instant now = clock.instant();
      return claims.claimUpTo(
          slots, identity.id(), now, now.plus(worker.lease()), worker.maxAttempts());
    } catch (RuntimeException failure) {
      capacity.releaseBatch(slots);
      throw failure;
    }
  }

  private void runAndRelease(ClaimedJob job, PhotoMemoryBudget.Hold hold) {
    GateArrival.expect(
        () -> {
          onTheirWay.decrementAndGet();
          wakeups.release();
        });
    try {
      // A batch item queues at the gate from when it starts, behind requests already waiting.
      processor.process(job, OldestFirstGate.originNow(), hold);
    } finally {
      GateArrival.arrived();
      memory.release(hold);
      capacity.releaseBatch();
      wakeups.release();
    }
  }
}
