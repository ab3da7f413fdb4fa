package io.cardgen.gateway.reply;

import java.time.Duration;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.SmartLifecycle;
import org.springframework.stereotype.Component;

/**
 * The periodic work over the waiting requests — the reply timeout and the finished-job check — on
 * threads of its own that run as long as the {@link ReplyListener}: through the web server's
 * graceful shutdown, so that a request being drained still gets its timeout's answer, and is woken
 * for a job whose reply went missing (ADR 0038). Spring's task scheduler, where they ran before,
 * stops at the very start of a close, before the drain.
 */
@Component
class ReplySweeps implements SmartLifecycle {

  private static final Logger log = LoggerFactory.getLogger(ReplySweeps.class);

  private final ReplyWaiter waiter;
  private final FinishedJobCheck check;
  private final ReplyProperties properties;
  private volatile ScheduledExecutorService executor;

  ReplySweeps(ReplyWaiter waiter, FinishedJobCheck check, ReplyProperties properties) {
    this.waiter = waiter;
    this.check = check;
    this.properties = properties;
  }

  /**
   * One thread each, so that the check's database query, however slow, never holds up a timeout.
   */
  @Override
  public void start() {
    ScheduledExecutorService sweeps =
        Executors.newScheduledThreadPool(
            2,
            task -> {
              Thread thread = new Thread(task, "reply-sweeps");
              thread.setDaemon(true);
              return thread;
            });
    every(sweeps, properties.timeoutTick(), "timeout", waiter::expire);
    every(sweeps, properties.checkInterval(), "finished-job check", check::wakeFinished);
    executor = sweeps;
  }

  private static void every(
      ScheduledExecutorService sweeps, Duration interval, String name, Runnable sweep) {
    long nanos = interval.toNanos();
    sweeps.scheduleWithFixedDelay(() -> runOnce(name, sweep), nanos, nanos, TimeUnit.NANOSECONDS);
  }

  /** A scheduled task that throws never runs again: a database outage must not end the sweeps. */
  private static void runOnce(String name, Runnable sweep) {
    try {
      sweep.run();
    } catch (RuntimeException failure) {
      log.warn("Reply sweep '{}' failed, next run as scheduled: {}", name, failure.toString());
    }
  }

  @Override
  public void stop() {
    ScheduledExecutorService sweeps = executor;
    executor = null;
    if (sweeps == null) {
      return;
    }
    sweeps.shutdownNow();
    try {
      sweeps.awaitTermination(5, TimeUnit.SECONDS);
    } catch (InterruptedException interrupted) {
      Thread.currentThread().interrupt();
    }
  }

  @Override
  public boolean isRunning() {
    return executor != null;
  }

  /** The listener's: both start before the server takes requests and stop after its drain. */
  @Override
  public int getPhase() {
    return ReplyListener.PHASE;
  }
}
