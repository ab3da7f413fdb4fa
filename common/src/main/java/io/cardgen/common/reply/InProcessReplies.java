package io.cardgen.common.reply;

import java.util.UUID;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Predicate;

/**
 * A finished job's wake-up handed to a gateway in the same JVM, instead of through {@code
 * cardgen.replies}. The standalone runs a worker and a gateway in one process: when the request
 * that waits for a job waits there, the reply's trip through the broker (a produce, a fetch, the
 * producer's linger) is pure cost. The worker offers each wake-up here first and publishes it to
 * Kafka only when no gateway in the process took it, so a job started by another replica is still
 * announced the usual way (ADR 0034).
 *
 * <p>Apart, the worker has one of these with no gateway attached, and every wake-up goes to Kafka.
 */
public final class InProcessReplies {

  private volatile Predicate<UUID> gateway;
  private final AtomicLong delivered = new AtomicLong();

  /**
   * Attaches the gateway's waiter: {@code wake} completes the wait for a job and says whether
   * anyone here waited for it.
   */
  public void attach(Predicate<UUID> wake) {
    gateway = wake;
  }

  /** Detaches {@code wake} if it is still the one attached (a closing gateway). */
  public void detach(Predicate<UUID> wake) {
    if (gateway == wake) {
      gateway = null;
    }
  }

  /**
   * Wakes the request waiting for {@code jobId} in this JVM, whose end is on disk.
   *
   * @return false when nobody here waits for it: the caller publishes the reply instead
   */
  public boolean deliver(UUID jobId) {
    Predicate<UUID> wake = gateway;
    if (wake != null && wake.test(jobId)) {
      delivered.incrementAndGet();
      return true;
    }
    return false;
  }

  /** Wake-ups delivered here rather than through Kafka, for the worker's metrics. */
  public long delivered() {
    return delivered.get();
  }
}
