package io.cardgen.gateway.api;

import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.time.Duration;

/** Real intake memories for tests outside this package. */
public final class IntakeMemories {

  private IntakeMemories() {}

  /** Room for far more than a test reads at once: nobody waits for it. */
  public static IntakeMemory ample() {
    return new IntakeMemory(
        1024L * 1024 * 1024, 32L * 1024 * 1024, Duration.ZERO, new SimpleMeterRegistry());
  }
}
