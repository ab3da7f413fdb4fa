package io.cardgen.worker.job;

import org.springframework.context.SmartLifecycle;

/**
 * Sets up the workers' share group when the worker starts, before the job container (a later phase)
 * consumes from it. Not while the container bean is created: a context must refresh without a
 * broker for the images' AOT training run at build time (ADR 0044). A broker that cannot be reached
 * still fails the worker's start.
 */
final class ShareGroupAtStart implements SmartLifecycle {

  private final Runnable configureGroup;
  private volatile boolean running;

  ShareGroupAtStart(Runnable configureGroup) {
    this.configureGroup = configureGroup;
  }

  @Override
  public void start() {
    configureGroup.run();
    running = true;
  }

  @Override
  public void stop() {
    running = false;
  }

  @Override
  public boolean isRunning() {
    return running;
  }

  @Override
  public int getPhase() {
    return Integer.MIN_VALUE;
  }
}
