package io.cardgen.gateway.batch;

import io.cardgen.common.error.ErrorCode;
import io.cardgen.common.error.Messages;
import java.util.List;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;

/** The batch endpoints' HTTP answers. */
final class BatchAnswers {

  private BatchAnswers() {}

  static ResponseEntity<BatchEnvelope> ok(Object data) {
    return ResponseEntity.ok(BatchEnvelope.success(data));
  }

  static ResponseEntity<BatchEnvelope> accepted(Object data) {
    return ResponseEntity.status(HttpStatus.ACCEPTED).body(BatchEnvelope.success(data));
  }

  static ResponseEntity<BatchEnvelope> error(ErrorCode code) {
    return error(code, Messages.of(code));
  }

  static ResponseEntity<BatchEnvelope> error(ErrorCode code, String message) {
    return error(code, message, null);
  }

  static ResponseEntity<BatchEnvelope> error(
      ErrorCode code, String message, List<BatchEnvelope.ItemError> errors) {
    return ResponseEntity.status(code.httpStatus())
        .body(BatchEnvelope.failure(code.code(), message, errors));
  }

  static ResponseEntity<BatchEnvelope> invalid(String key, Object... arguments) {
    return error(ErrorCode.INVALID_PARAMETERS, Messages.format(key, arguments));
  }

  static ResponseEntity<BatchEnvelope> legacy() {
    return ResponseEntity.status(HttpStatus.BAD_REQUEST)
        .body(BatchEnvelope.legacyFailure(Messages.format("batch.legacy")));
  }

  /** 503 with Retry-After: the gateway is short of something that frees up soon. */
  static ResponseEntity<BatchEnvelope> unavailable(long retryAfterSeconds) {
    return unavailable(Messages.of(ErrorCode.GENERATION_UNAVAILABLE), retryAfterSeconds);
  }

  static ResponseEntity<BatchEnvelope> unavailable(String message, long retryAfterSeconds) {
    return ResponseEntity.status(ErrorCode.GENERATION_UNAVAILABLE.httpStatus())
        .header(HttpHeaders.RETRY_AFTER, Long.toString(retryAfterSeconds))
        .body(BatchEnvelope.failure(ErrorCode.GENERATION_UNAVAILABLE.code(), message, null));
  }

  static ResponseEntity<BatchEnvelope> rateLimited(int perMinute, long retryAfterSeconds) {
    return tooMany(
        Messages.format("rate.limited", perMinute, retryAfterSeconds), retryAfterSeconds);
  }

  static ResponseEntity<BatchEnvelope> readsLimited(long perMinute, long retryAfterSeconds) {
    return tooMany(
        Messages.format("rate.reads_limited", perMinute, retryAfterSeconds), retryAfterSeconds);
  }

  static ResponseEntity<BatchEnvelope> tooMany(String message, long retryAfterSeconds) {
    return ResponseEntity.status(ErrorCode.RATE_LIMITED.httpStatus())
        .header(HttpHeaders.RETRY_AFTER, Long.toString(retryAfterSeconds))
        .body(BatchEnvelope.failure(ErrorCode.RATE_LIMITED.code(), message, null));
  }
}
