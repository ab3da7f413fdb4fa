package io.cardgen.standalone.simulator;

import java.time.Duration;
import tools.jackson.databind.node.ObjectNode;

/** What the simulator sends back, and how much later than the configured latency. */
record Answer(int status, ObjectNode body, Duration extraDelay) {

  static Answer now(int status, ObjectNode body) {
    return new Answer(status, body, Duration.ZERO);
  }
}
