package io.cardgen.cli.watch;

import java.time.Duration;

/**
 * How long to wait between two looks at a batch: soon while it moves, backing off (×1.5, up to
 * {@code slowest}) while it does not, so a long quiet batch is not polled every second.
 */
final class PollSchedule {

  private final Duration fastest;
  private final Duration slowest;
  private Duration current;

  PollSchedule(Duration fastest, Duration slowest) {
    this.fastest = fastest;
    this.slowest = slowest;
    this.current = fastest;
  }

  Duration next(boolean moved) {
    if (moved) {
      current = fastest;
    } else {
      Duration longer = current.plus(current.dividedBy(2));
      current = longer.compareTo(slowest) > 0 ? slowest : longer;
    }
    return current;
  }
}
