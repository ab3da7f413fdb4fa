package io.cardgen.standalone.simulator;

import java.time.Duration;
import java.util.Optional;

/**
 * When an answer leaves: the simulator's configured latency, or the time a {@code [sim:slow=MS]} or
 * {@code [sim:latency=MS]} asks for instead (DESIGN.md: "answer after MS milliseconds").
 */
record AnswerDelay(Optional<Duration> requested) {

  static final AnswerDelay CONFIGURED = new AnswerDelay(Optional.empty());

  /** At once, whatever the configured latency: a server shedding load does not think first. */
  static final AnswerDelay NONE = new AnswerDelay(Optional.of(Duration.ZERO));

  /** Several delay directives in one request: the longest, so none answers earlier than asked. */
  AnswerDelay orLonger(Duration other) {
    return new AnswerDelay(
        Optional.of(requested.filter(current -> current.compareTo(other) >= 0).orElse(other)));
  }

  Duration after(Duration configured) {
    return requested.orElse(configured);
  }
}
