package io.cardgen.common.request;

/** The outcome of parsing a request body: a request, or the first rule it breaks. */
public sealed interface ParseResult {

  record Valid(GenerationRequest request) implements ParseResult {}

  /**
   * @param message the Russian text naming the offending field and the rule
   */
  record Invalid(String message) implements ParseResult {}
}
