package io.cardgen.standalone.simulator;

import java.util.Map;
import tools.jackson.databind.node.ObjectNode;

/** What the simulator sends back, with which headers, and when. */
record Answer(int status, ObjectNode body, AnswerDelay delay, Map<String, String> headers) {

  Answer(int status, ObjectNode body, AnswerDelay delay) {
    this(status, body, delay, Map.of());
  }

  static Answer now(int status, ObjectNode body) {
    return new Answer(status, body, AnswerDelay.CONFIGURED);
  }
}
