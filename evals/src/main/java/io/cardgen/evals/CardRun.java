package io.cardgen.evals;

import tools.jackson.databind.JsonNode;

/**
 * What cardgen answered for one golden product.
 *
 * @param status the HTTP status of the last answer, 0 when none came
 * @param code the error code of a failure, {@code null} on success
 * @param message the failure's message as the API wrote it (or the eval's own), {@code null} on
 *     success
 * @param card the {@code data} of a success, {@code null} otherwise
 * @param attempts requests sent for the card: more than one after a 429, a 503 or a lost
 *     connection, retried with the same idempotency key
 */
record CardRun(
    GoldenProduct product,
    int status,
    String code,
    String message,
    JsonNode card,
    long latencyMillis,
    int attempts) {

  /** A failure before or without an answer from the API. */
  static CardRun unanswered(GoldenProduct product, String code, String message, long latency) {
    return new CardRun(product, 0, code, message, null, latency, 1);
  }

  boolean succeeded() {
    return card != null;
  }
}
