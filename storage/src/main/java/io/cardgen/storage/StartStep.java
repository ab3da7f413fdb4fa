package io.cardgen.storage;

import org.springframework.context.SmartLifecycle;

/**
 * A set-up step that reaches the infrastructure (the photo bucket in S3, the workers' share group
 * in Kafka) and runs when the application starts, before anything that takes work: its phase is the
 * first. Not while the beans are created, so that a context can be refreshed without PostgreSQL,
 * Kafka or S3, which the images' AOT training run at build time does (ADR 0044). A step that fails
 * still fails the application's start, as a bean that could not be created would. It lives here
 * because this is the one module with Spring that the gateway and the worker share.
 */
public final class StartStep implements SmartLifecycle {

  private final Runnable step;
  private volatile boolean running;

  public StartStep(Runnable step) {
    this.step = step;
  }

  @Override
  public void start() {
    step.run();
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
