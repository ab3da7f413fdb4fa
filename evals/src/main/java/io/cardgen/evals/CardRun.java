package io.cardgen.evals;

import tools.jackson.databind.JsonNode;

/**
 * What cardgen answered for one golden product.
 *
 * @param code the error code of a failure, {@code null} on success
 * @param card the {@code data} of a success, {@code null} otherwise
 */
record CardRun(GoldenProduct product, int status, String code, JsonNode card, long latencyMillis) {

  boolean succeeded() {
    return card != null;
  }
}
