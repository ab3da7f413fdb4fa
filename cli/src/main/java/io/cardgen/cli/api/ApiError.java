package io.cardgen.cli.api;

import java.time.Duration;
import java.util.List;

/**
 * A refusal by the service: the HTTP status, the spec's stable {@code code} (null when the answer
 * was not the service's envelope, e.g. a proxy's error page), its Russian {@code message} as given,
 * the per-item {@code errors} of a refused batch and the {@code Retry-After} delay if one was sent.
 */
public record ApiError(
    int status, String code, String message, List<ItemError> errors, Duration retryAfter) {

  /** One entry of a 422 batch refusal: {@code line} is the 1-based item position. */
  public record ItemError(String customId, long line, String code, String message) {}
}
