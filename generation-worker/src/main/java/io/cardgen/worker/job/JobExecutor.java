package io.cardgen.worker.job;

import java.time.Duration;
import java.util.concurrent.Executor;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.context.SmartLifecycle;
import org.springframework.core.task.SimpleAsyncTaskExecutor;
import org.springframework.stereotype.Component;

/**
 * Runs claimed jobs, one thread each; {@link JobIntake}'s permits bound how many. Jobs spend nearly
 * all their time waiting on the LLM, so on Java 21+ they run on virtual threads.
 *
 * <p>A stopping worker (SIGTERM: a rolling update, a scale-down) drains: once the share consumer
 * and the batch feeder have stopped taking work (their lifecycle phases end before this one), it
 * waits up to {@code spring.lifecycle.timeout-per-shutdown-phase} for the running jobs to end, so
 * their clients get their cards now instead of after the lease runs out and another worker runs
 * them again. Only then are the database pool and the Kafka producer closed. A job still running at
 * the deadline is left to its lease, as when a worker dies.
 */
@Component
class JobExecutor implements Executor, SmartLifecycle {

  /** After the share consumer's containers (spring-kafka's default phase) and the batch feeder. */
  static final int PHASE = Integer.MAX_VALUE - 1000;

  private final SimpleAsyncTaskExecutor delegate = new SimpleAsyncTaskExecutor("job-");
  private volatile boolean running;

  JobExecutor(@Value("${spring.lifecycle.timeout-per-shutdown-phase:30s}") Duration drain) {
    delegate.setVirtualThreads(Runtime.version().feature() >= 21);
    // Tracks the running jobs, so that close() can wait for them.
    delegate.setTaskTerminationTimeout(drain.toMillis());
  }

  @Override
  public void execute(Runnable job) {
    delegate.execute(job);
  }

  @Override
  public void start() {
    running = true;
  }

  /** Refuses new jobs and waits, boundedly, for the running ones to end. */
  @Override
  public void stop() {
    running = false;
    delegate.close();
  }

  @Override
  public boolean isRunning() {
    return running;
  }

  @Override
  public int getPhase() {
    return PHASE;
  }
}
