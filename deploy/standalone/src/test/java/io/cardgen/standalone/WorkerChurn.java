package io.cardgen.standalone;

import java.time.Duration;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * Worker processes that an autoscaler keeps killing: every period the oldest one gets SIGKILL and a
 * fresh one takes its place, whatever it was doing.
 */
final class WorkerChurn implements AutoCloseable {

  private final TestStack stack;
  private final Deque<JvmProcess> workers = new ArrayDeque<>();
  private final ScheduledExecutorService timer = Executors.newSingleThreadScheduledExecutor();
  private final SoakTally tally;
  private int started;

  WorkerChurn(TestStack stack, int count, SoakTally tally) {
    this.stack = stack;
    this.tally = tally;
    for (int index = 0; index < count; index++) {
      startOne();
    }
    workers.forEach(worker -> worker.awaitHealthy(Duration.ofSeconds(120)));
  }

  void killEvery(Duration period) {
    timer.scheduleAtFixedRate(
        this::replaceOldest, period.toMillis(), period.toMillis(), TimeUnit.MILLISECONDS);
  }

  private synchronized void startOne() {
    workers.addLast(stack.startWorkerProcess("soak-worker-" + ++started));
  }

  private void replaceOldest() {
    try {
      JvmProcess victim;
      synchronized (this) {
        victim = workers.pollFirst();
      }
      victim.kill();
      tally.workerKills.incrementAndGet();
      System.out.printf("SOAK killed %s (pid %d) with SIGKILL%n", victim.name, victim.pid());
      startOne();
    } catch (InterruptedException interrupted) {
      Thread.currentThread().interrupt();
    } catch (RuntimeException failure) {
      System.out.println("SOAK could not replace a worker: " + failure);
    }
  }

  /** Stops killing; the workers keep running so the last jobs can finish. */
  void stopKilling() throws InterruptedException {
    timer.shutdownNow();
    timer.awaitTermination(30, TimeUnit.SECONDS);
  }

  @Override
  public synchronized void close() throws InterruptedException {
    stopKilling();
    for (JvmProcess worker : workers) {
      worker.close();
    }
  }
}
