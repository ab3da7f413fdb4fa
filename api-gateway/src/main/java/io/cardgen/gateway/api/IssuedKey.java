package io.cardgen.gateway.api;

import jakarta.servlet.http.HttpServletRequest;

/**
 * The idempotency key a request runs under, the client's or one the gateway made up, kept on the
 * request once it is known. {@link ErrorAdvice} answers an unexpected failure with 503, which tells
 * the client to retry with the same key: that is safe only if the client has the key, and a request
 * that brought none learns it from this answer's {@code Idempotency-Key} header. Without it, a
 * failure after the job was recorded (its answer lost) would have the retry reserve and charge a
 * second card.
 */
final class IssuedKey {

  private static final String ATTRIBUTE = IssuedKey.class.getName();

  private IssuedKey() {}

  static void remember(HttpServletRequest request, String key) {
    request.setAttribute(ATTRIBUTE, key);
  }

  /** The key, or null before one is known. */
  static String of(HttpServletRequest request) {
    return request.getAttribute(ATTRIBUTE) instanceof String key ? key : null;
  }
}
