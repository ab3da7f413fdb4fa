package io.cardgen.standalone.simulator;

import tools.jackson.databind.node.ObjectNode;

/** What the simulator sends back, and when. */
record Answer(int status, ObjectNode body, AnswerDelay delay) {

  static Answer now(int status, ObjectNode body) {
    return new Answer(status, body, AnswerDelay.CONFIGURED);
  }
}
