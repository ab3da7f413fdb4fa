package io.cardgen.gateway.api;

import io.cardgen.common.request.ApiRevision;
import jakarta.servlet.http.HttpServletRequest;

/**
 * The revision of the interface the request's account uses, kept on the request once the key is
 * authenticated. {@link ErrorAdvice} answers failures that escape the controller and sees only the
 * request: without this, an account of the earlier revision would get the current envelope for
 * exactly the failures (S3 or PostgreSQL down) it cannot tell from a refusal.
 */
final class CallerRevision {

  private static final String ATTRIBUTE = CallerRevision.class.getName();

  private CallerRevision() {}

  static void remember(HttpServletRequest request, ApiRevision revision) {
    request.setAttribute(ATTRIBUTE, revision);
  }

  /** The authenticated account's revision; the current one before any account is known. */
  static ApiRevision of(HttpServletRequest request) {
    return request.getAttribute(ATTRIBUTE) instanceof ApiRevision revision
        ? revision
        : ApiRevision.CURRENT;
  }
}
