package io.cardgen.gateway.api;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import java.time.Duration;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.stereotype.Component;

/**
 * Bounds the memory that card requests' bodies take while the gateway reads, parses and stores
 * them. With virtual threads nothing else limits how many bodies are read at once, and a burst of
 * large photos (the body limit is 32 MB) would exhaust the heap: a request is {@linkplain #admit
 * admitted} at {@value #FOOTPRINT} times its declared size before its body is read, and waits, not
 * reading, while that does not fit. The factor is what a body of base64 photos costs at its peak:
 * its bytes, the parser's UTF-16 buffer for the photo string (twice the bytes), the string itself
 * and the decoded photo (three quarters). A body without a declared size (chunked) is admitted as
 * if it were {@value #UNDECLARED_GUESS} bytes, and {@linkplain Lease#settle settled} each time its
 * bytes read double and once read, before it is parsed: it is read no further, and not parsed,
 * without room for what it has become. A request larger than the whole budget is admitted alone, so
 * it can still run.
 *
 * <p>Batch creation takes its room here too ({@link #admitBatch}): the item being read, a few
 * photos on their way to storage and the items checked so far, which it keeps until its
 * transaction. Batch creations together hold at most half of the budget (their share, waited for
 * first): a batch body uploads for minutes, and slow uploads must not hold the room card requests
 * are read in, nor make them queue behind a batch waiting for room.
 *
 * <p>One account's card requests hold at most half of the budget ({@link #admit(long, UUID)}),
 * likewise waited for first.
 *
 * <p>Fair: a large request is not overtaken forever by small ones. Counted in kilobytes.
 */
@Component
public final class IntakeMemory {

  public static final int FOOTPRINT = 5;
  public static final int UNDECLARED_GUESS = 64 * 1024;

  private final Semaphore kilobytes;
  private final Semaphore batchShare;
  // Never removed: a semaphore per account that sent a card request, a few dozen bytes each.
  private final ConcurrentMap<UUID, Semaphore> accountShares = new ConcurrentHashMap<>();
  private final int capacity;
  private final long bodyLimit;
  private final Duration wait;
  private final Counter refusals;

  @Autowired
  IntakeMemory(BodyLimitProperties properties, MeterRegistry meters) {
    this(
        properties.intakeMemoryOr(Runtime.getRuntime().maxMemory()),
        properties.maxBodySize().toBytes(),
        properties.intakeWait(),
        meters);
  }

  IntakeMemory(long budgetBytes, long bodyLimit, Duration wait, MeterRegistry meters) {
    if (budgetBytes < 1024 || bodyLimit <= 0 || wait.isNegative()) {
      throw new IllegalArgumentException(
          "cardgen.api.intake-memory must be at least 1KB and cardgen.api.intake-wait not negative");
    }
    this.capacity = (int) Math.min(Integer.MAX_VALUE, budgetBytes / 1024);
    this.kilobytes = new Semaphore(capacity, true);
    this.batchShare = new Semaphore(Math.max(1, capacity / 2), true);
    this.bodyLimit = bodyLimit;
    this.wait = wait;
    Gauge.builder("cardgen.intake.memory.free", kilobytes, free -> 1024.0 * free.availablePermits())
        .description("Room left for card request bodies being read and stored")
        .baseUnit("bytes")
        .register(meters);
    Gauge.builder(
            "cardgen.intake.memory.batches.free",
            batchShare,
            free -> 1024.0 * free.availablePermits())
        .description("Room left in the batches' share, for batch bodies being read")
        .baseUnit("bytes")
        .register(meters);
    Gauge.builder("cardgen.intake.batches.waiting", batchShare, Semaphore::getQueueLength)
        .description("Batch creations waiting for room in the batches' share")
        .register(meters);
    this.refusals =
        Counter.builder("cardgen.intake.refused")
            .description(
                "Requests answered 503 because no room for their body freed up in time: card"
                    + " requests, and batch creations waiting for the batches' share")
            .register(meters);
  }

  /**
   * Waits up to the configured time for room for a body of {@code declaredLength} bytes (negative:
   * not declared); empty when there was none, or when the thread was interrupted. A declared length
   * over the body limit needs no room: such a body is refused without being read.
   */
  Optional<Lease> admit(long declaredLength) {
    if (declaredLength > bodyLimit) {
      return Optional.of(new Lease(0, null));
    }
    return admitHeap(FOOTPRINT * (declaredLength < 0 ? UNDECLARED_GUESS : declaredLength));
  }

  /**
   * As {@link #admit(long)}, within {@code account}'s share: one account's card bodies together
   * hold at most half of the budget, waited for first, so that its own slow uploads (a review
   * stopped every account's cards with two requests declaring 32 MiB and sending a byte every 20 s)
   * queue behind each other, not before everyone. One that needs more than the share holds all of
   * it and its real need in the budget, as a batch creation does.
   */
  Optional<Lease> admit(long declaredLength, UUID account) {
    if (declaredLength > bodyLimit) {
      return Optional.of(new Lease(0, null));
    }
    Semaphore share =
        accountShares.computeIfAbsent(account, id -> new Semaphore(shareCapacity(), true));
    Lease lease = new Lease(0, share);
    return lease.settleHeap(FOOTPRINT * (declaredLength < 0 ? UNDECLARED_GUESS : declaredLength))
        ? Optional.of(lease)
        : Optional.empty();
  }

  /** As {@link #admit}, for {@code heapBytes} of heap rather than a body of a declared length. */
  public Optional<Lease> admitHeap(long heapBytes) {
    int needed = kilobytesOf(heapBytes);
    return acquired(kilobytes, needed) ? Optional.of(new Lease(needed, null)) : Optional.empty();
  }

  /**
   * As {@link #admitHeap}, for a batch creation: within the batches' share, which it waits for
   * first, so it never queues ahead of a card request for the rest. One that needs more than the
   * whole share (an item near the item limit) holds all of the share, and its real need in the
   * budget.
   */
  public Optional<Lease> admitBatch(long heapBytes) {
    Lease lease = new Lease(0, batchShare);
    return lease.settleHeap(heapBytes) ? Optional.of(lease) : Optional.empty();
  }

  /** What all batch creations hold together, at most (but for one larger than all of it). */
  public long batchShareBytes() {
    return 1024L * shareCapacity();
  }

  private int shareCapacity() {
    return Math.max(1, capacity / 2);
  }

  /** Waits up to the configured time for {@code needed} kilobytes; counts a refusal if in vain. */
  private boolean acquired(Semaphore from, int needed) {
    try {
      if (from.tryAcquire(needed, wait.toMillis(), TimeUnit.MILLISECONDS)) {
        return true;
      }
    } catch (InterruptedException interrupted) {
      Thread.currentThread().interrupt();
    }
    refusals.increment();
    return false;
  }

  /** Kilobytes free now; for tests. */
  int availableKilobytes() {
    return kilobytes.availablePermits();
  }

  /** Whether a request waits for room now; for tests. */
  boolean hasWaiting() {
    return kilobytes.hasQueuedThreads();
  }

  private int kilobytesOf(long heapBytes) {
    long kb = (heapBytes + 1023) / 1024;
    return (int) Math.max(1, Math.min(capacity, kb));
  }

  /** Room held for one request's body; close it once the body and its photos are let go. */
  public final class Lease implements AutoCloseable {

    private int held;

    /** The share (the batches', an account's) this lease also holds its room in, or null. */
    private final Semaphore share;

    private Lease(int held, Semaphore share) {
      this.held = held;
      this.share = share;
    }

    /**
     * The body turned out to be {@code bodyBytes} long: gives back what it does not need, or waits
     * for what it needs beyond what it holds (a chunked body); false when that room did not come.
     */
    boolean settle(long bodyBytes) {
      return settleHeap(FOOTPRINT * bodyBytes);
    }

    /** As {@link #settle}, for {@code heapBytes} of heap rather than a body's length. */
    public boolean settleHeap(long heapBytes) {
      int needed = kilobytesOf(heapBytes);
      int shareNeeded = share == null ? 0 : Math.min(needed, shareCapacity());
      int shareHeld = share == null ? 0 : Math.min(held, shareCapacity());
      if (shareNeeded > shareHeld && !acquired(share, shareNeeded - shareHeld)) {
        return false;
      }
      if (needed > held && !acquired(kilobytes, needed - held)) {
        if (shareNeeded > shareHeld) {
          share.release(shareNeeded - shareHeld);
        }
        return false;
      }
      if (needed < held) {
        kilobytes.release(held - needed);
      }
      if (shareNeeded < shareHeld) {
        share.release(shareHeld - shareNeeded);
      }
      held = needed;
      return true;
    }

    @Override
    public void close() {
      kilobytes.release(held);
      if (share != null) {
        share.release(Math.min(held, shareCapacity()));
      }
      held = 0;
    }
  }
}
