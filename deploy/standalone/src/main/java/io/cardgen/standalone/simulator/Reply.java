package io.cardgen.standalone.simulator;

/**
 * The assistant message of a completion.
 *
 * @param content the card JSON; {@code null} for a refusal
 * @param refusal the refusal text; {@code null} otherwise
 * @param finishReason {@code stop}, or {@code length} when the output was cut off
 */
record Reply(String content, String refusal, String finishReason) {

  static Reply stop(String content) {
    return new Reply(content, null, "stop");
  }

  /** Half of the content, as when a model runs out of tokens mid-answer: never valid JSON. */
  static Reply cutOff(String content) {
    int half = content.codePointCount(0, content.length()) / 2;
    return new Reply(content.substring(0, content.offsetByCodePoints(0, half)), null, "length");
  }

  static Reply refusal(String refusal) {
    return new Reply(null, refusal, "stop");
  }

  int length() {
    return content != null ? content.length() : refusal.length();
  }
}
