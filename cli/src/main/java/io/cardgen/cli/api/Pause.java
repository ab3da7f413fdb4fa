package io.cardgen.cli.api;

import java.time.Duration;

/** Waiting between attempts and polls; tests pass one that records instead of sleeping. */
@FunctionalInterface
public interface Pause {

  void sleep(Duration duration) throws InterruptedException;

  static Pause real() {
    return duration -> Thread.sleep(duration.toMillis());
  }
}
