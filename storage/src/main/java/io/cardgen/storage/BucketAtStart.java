package io.cardgen.storage;

import org.springframework.context.SmartLifecycle;

/**
 * Creates the photo bucket when the application starts, before anything that takes work: its phase
 * is the first. Not while the beans are created, so that a context can be refreshed without S3,
 * which the images' AOT training run at build time does (ADR 0044). A start that cannot reach S3
 * still fails the application's start, as a bean that could not be created would.
 */
public final class BucketAtStart implements SmartLifecycle {

  private final Runnable createIfMissing;
  private volatile boolean running;

  public BucketAtStart(Runnable createIfMissing) {
    this.createIfMissing = createIfMissing;
  }

  @Override
  public void start() {
    createIfMissing.run();
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
