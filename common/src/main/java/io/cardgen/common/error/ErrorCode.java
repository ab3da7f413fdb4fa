package io.cardgen.common.error;

import java.util.Arrays;
import java.util.Optional;

/**
 * Every stable error code of the public API (spec §7 plus the documented extensions), with its HTTP
 * status. A failure anywhere in the system carries one of these, never a free string.
 */
public enum ErrorCode {
  INVALID_PARAMETERS("invalid_parameters", 422),
  IMAGE_INVALID("image_invalid", 422),
  UNAUTHORIZED("unauthorized", 401),
  NOT_FOUND("not_found", 404),
  INVALID_PATH("invalid_path", 400),
  BAD_REQUEST("bad_request", 400),
  METHOD_NOT_ALLOWED("method_not_allowed", 405),
  URI_TOO_LONG("uri_too_long", 414),
  UNSUPPORTED_MEDIA_TYPE("unsupported_media_type", 415),
  REQUEST_HEADER_TOO_LARGE("request_header_too_large", 431),
  PLAN_REQUIRED("plan_required", 403),
  API_UNAVAILABLE("api_unavailable", 403),
  TARIFF_OPTION_UNAVAILABLE("tariff_option_unavailable", 403),
  INSUFFICIENT_CREDITS("insufficient_credits", 403),
  GENERATION_IN_PROGRESS("generation_in_progress", 409),
  IDEMPOTENCY_CONFLICT("idempotency_conflict", 409),
  RESULT_DELETED("result_deleted", 410),
  PAYLOAD_TOO_LARGE("payload_too_large", 413),
  RATE_LIMITED("rate_limited", 429),
  GENERATION_FAILED("generation_failed", 502),
  GENERATION_REFUSED("generation_refused", 502),
  GENERATION_INCOMPLETE("generation_incomplete", 502),
  GENERATION_EMPTY("generation_empty", 502),
  GENERATION_INVALID_RESPONSE("generation_invalid_response", 502),
  IMAGE_UNAVAILABLE("image_unavailable", 502),
  GENERATION_UNAVAILABLE("generation_unavailable", 503),
  NOT_IMPLEMENTED("not_implemented", 501),
  HTTP_VERSION_NOT_SUPPORTED("http_version_not_supported", 505);

  private final String code;
  private final int httpStatus;

  ErrorCode(String code, int httpStatus) {
    this.code = code;
    this.httpStatus = httpStatus;
  }

  public String code() {
    return code;
  }

  public int httpStatus() {
    return httpStatus;
  }

  public static Optional<ErrorCode> fromCode(String code) {
    return Arrays.stream(values()).filter(value -> value.code.equals(code)).findFirst();
  }
}
