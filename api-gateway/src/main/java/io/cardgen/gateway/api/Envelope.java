package io.cardgen.gateway.api;

import com.fasterxml.jackson.annotation.JsonInclude;

/**
 * The response envelope of spec §2.3. {@code error} is always present ({@code null} on success);
 * {@code data} only on success; {@code code} and {@code message} only on failure.
 */
public record Envelope(
    boolean success,
    @JsonInclude(JsonInclude.Include.ALWAYS) String error,
    @JsonInclude(JsonInclude.Include.NON_NULL) CardView data,
    @JsonInclude(JsonInclude.Include.NON_NULL) String code,
    @JsonInclude(JsonInclude.Include.NON_NULL) String message) {

  static Envelope success(CardView card) {
    return new Envelope(true, null, card, null, null);
  }

  static Envelope failure(String code, String message) {
    return new Envelope(false, message, null, code, message);
  }

  /** The earlier revision (spec §9): success false and the error text only. */
  static Envelope legacyFailure(String message) {
    return new Envelope(false, message, null, null, null);
  }
}
