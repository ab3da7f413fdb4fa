package io.cardgen.gateway.reply;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.LongSupplier;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.stereotype.Component;

/**
 * Requests waiting for their job, without a thread or a timer each: a future and a deadline per
 * job, completed by the reply listener or, at the latest, by the one periodic {@link #expire()}
 * sweep. Either way the caller then re-reads the job row, which is the only truth; the future just
 * says "look now".
 *
 * <p>Why not {@code CompletableFuture.completeOnTimeout}: it puts a task per request into the JDK's
 * shared delay queue, and a request answered early leaves its cancelled task (holding the future)
 * there until the full reply timeout, so at hundreds of cards a second tens of thousands of dead
 * timers pile up. Here a finished request leaves nothing behind, and the sweep's cost is one
 * comparison per waiting request per tick.
 */
@Component
public class ReplyWaiter {

  /** What ended a wait. */
  public enum Wake {
    /**
     * The job's end was announced once it was on disk: the worker's reply, sent after its
     * durability barrier, or the finished-job check after one of its own (ADR 0033).
     */
    ANNOUNCED,
    /** The wait ran out; the job may have finished a moment ago, not yet on disk. */
    TIMED_OUT
  }

  private record Waiting(CompletableFuture<Wake> reply, long deadlineNanos) {}

  private final Map<UUID, Waiting> waiting = new ConcurrentHashMap<>();
  private final LongSupplier nanoTime;

  @Autowired
  ReplyWaiter() {
    this(System::nanoTime);
  }

  /** Monotonic time is injected so tests can move it; a wall clock set back must not matter. */
  ReplyWaiter(LongSupplier nanoTime) {
    this.nanoTime = nanoTime;
  }

  /** Register before publishing, so a fast reply cannot arrive before anyone waits for it. */
  public CompletableFuture<Wake> register(UUID jobId, Duration timeout) {
    CompletableFuture<Wake> reply = new CompletableFuture<>();
    Waiting entry = new Waiting(reply, nanoTime.getAsLong() + timeout.toNanos());
    waiting.put(jobId, entry);
    return reply.whenComplete((ignored, failure) -> waiting.remove(jobId, entry));
  }

  /**
   * Wakes the request waiting for {@code jobId}, whose end is on disk.
   *
   * @return whether a request here waited for it
   */
  boolean wake(UUID jobId) {
    Waiting entry = waiting.get(jobId);
    if (entry == null) {
      return false;
    }
    entry.reply().complete(Wake.ANNOUNCED);
    return true;
  }

  /**
   * Wakes every request whose wait is over; run every {@code cardgen.reply.timeout-tick} by {@link
   * ReplySweeps}, which bounds how late a timeout may fire.
   */
  void expire() {
    long now = nanoTime.getAsLong();
    for (Waiting entry : waiting.values()) {
      if (now - entry.deadlineNanos() >= 0) {
        entry.reply().complete(Wake.TIMED_OUT);
      }
    }
  }

  public int waitingCount() {
    return waiting.size();
  }

  List<UUID> waitingJobs() {
    return List.copyOf(waiting.keySet());
  }
}
