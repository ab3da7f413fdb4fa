package io.cardgen.worker.job;

import java.util.concurrent.Executor;
import org.springframework.core.task.SimpleAsyncTaskExecutor;
import org.springframework.stereotype.Component;

/**
 * Runs claimed jobs, one thread each; {@link JobIntake}'s permits bound how many. Jobs spend nearly
 * all their time waiting on the LLM, so on Java 21+ they run on virtual threads.
 */
@Component
class JobExecutor implements Executor {

  private final SimpleAsyncTaskExecutor delegate = new SimpleAsyncTaskExecutor("job-");

  JobExecutor() {
    delegate.setVirtualThreads(Runtime.version().feature() >= 21);
  }

  @Override
  public void execute(Runnable job) {
    delegate.execute(job);
  }
}
