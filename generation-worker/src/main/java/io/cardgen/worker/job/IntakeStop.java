package io.cardgen.worker.job;

import org.springframework.context.SmartLifecycle;
import org.springframework.kafka.listener.AbstractShareKafkaMessageListenerContainer;
import org.springframework.stereotype.Component;

/**
 * When a stopping worker stops starting jobs from Kafka: one lifecycle phase before the share
 * consumer's containers stop. spring-kafka hands the listener every record of the last poll even
 * after its container began to stop, and the consumer may be waiting for a free slot or photo
 * memory meanwhile; from here on {@link JobIntake} hands such records back to the share group
 * instead of starting their jobs, and the waits end, so the container's stop takes no longer than a
 * poll and the {@link JobExecutor}'s drain (a later phase) only waits for jobs already running.
 *
 * <p>A bean of its own rather than the intake itself: Spring stops the lifecycle beans that depend
 * on a bean before the bean, and the containers depend on the intake.
 */
@Component
class IntakeStop implements SmartLifecycle {

  /** Just before spring-kafka's containers; after the batch feeder (the default phase). */
  static final int PHASE = AbstractShareKafkaMessageListenerContainer.DEFAULT_PHASE + 1;

  private final WorkCapacity capacity;
  private final PhotoMemoryBudget memory;
  private volatile boolean running;
  private volatile boolean begun;

  IntakeStop(WorkCapacity capacity, PhotoMemoryBudget memory) {
    this.capacity = capacity;
    this.memory = memory;
  }

  /** True from the stop until the worker is started again. */
  boolean begun() {
    return begun;
  }

  @Override
  public void start() {
    begun = false;
    running = true;
  }

  /** Raises the stop first, then wakes the waits, which look at it once woken. */
  @Override
  public void stop() {
    begun = true;
    running = false;
    capacity.wakeSyncWaiters();
    memory.wakeWaiters();
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
