package io.cardgen.standalone.simulator;

import java.time.Duration;
import java.util.Optional;

/**
 * When an answer leaves: the simulator's configured latency, or the one {@code [sim:latency=MS]}
 * asks for instead, plus any {@code [sim:slow=MS]}.
 */
record AnswerDelay(Optional<Duration> latency, Duration extra) {

  static final AnswerDelay CONFIGURED = new AnswerDelay(Optional.empty(), Duration.ZERO);

  Duration after(Duration configured) {
    return latency.orElse(configured).plus(extra);
  }
}
