package io.cardgen.evals;

import java.util.List;

/**
 * The measures of one card. Text measures are {@code null} for a card that failed.
 *
 * @param code the error code of a failure, {@code null} on success
 * @param status the HTTP status of the last answer, 0 when none came
 * @param message the failure's message, {@code null} on success
 * @param attempts requests sent for the card (retries after 429, 503 or a lost connection)
 * @param lengthRatio description length over the requested length
 * @param languageMatch whether the card is written in the product's language
 * @param factCoverage share of the expected facts the card states
 * @param keywordCoverage share of the keywords the card works in; {@code null} without keywords
 * @param inventedNumbers numbers in the card that no input states
 * @param inventedCertifications certifications/standards in the card that no input states
 * @param givenCertifications certifications/standards in the card that the input states: what the
 *     worker's guard must let through
 * @param mustNotHits the golden set's forbidden claims the card makes
 */
record CardScore(
    String id,
    String category,
    String code,
    int status,
    String message,
    int attempts,
    long latencyMillis,
    Double lengthRatio,
    Boolean languageMatch,
    Double factCoverage,
    Double keywordCoverage,
    List<String> inventedNumbers,
    List<String> inventedCertifications,
    List<String> givenCertifications,
    List<String> mustNotHits) {

  boolean succeeded() {
    return code == null;
  }

  /** Whether the card states anything the input does not support. */
  boolean ungrounded() {
    return !inventedNumbers.isEmpty()
        || !inventedCertifications.isEmpty()
        || !mustNotHits.isEmpty();
  }
}
