package io.cardgen.gateway.api;

import io.cardgen.common.error.ErrorCode;
import io.cardgen.common.error.Messages;
import io.cardgen.common.request.ApiRevision;
import io.cardgen.gateway.job.JobSnapshot;
import io.cardgen.gateway.job.Submission;
import io.cardgen.gateway.web.Sizes;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import org.springframework.util.unit.DataSize;

/** Turns outcomes into HTTP answers, in the account's revision of the interface. */
final class Answers {

  static final String IDEMPOTENCY_KEY = "Idempotency-Key";

  private Answers() {}

  static ResponseEntity<Envelope> error(ErrorCode code, ApiRevision revision) {
    return error(code, Messages.of(code), revision);
  }

  static ResponseEntity<Envelope> error(ErrorCode code, String message, ApiRevision revision) {
    if (revision == ApiRevision.LEGACY) {
      return ResponseEntity.status(HttpStatus.BAD_REQUEST).body(Envelope.legacyFailure(message));
    }
    return ResponseEntity.status(code.httpStatus()).body(Envelope.failure(code.code(), message));
  }

  /**
   * The answer for a job as stored now: its card, its failure, or — still running after the wait —
   * 503 with Retry-After, telling the client to retry with the same key.
   */
  static ResponseEntity<Envelope> of(
      JobSnapshot job, String key, ApiRevision revision, long retryAfterSeconds) {
    ResponseEntity<Envelope> answer =
        switch (job.state()) {
          case SUCCEEDED ->
              job.card().deleted()
                  ? error(ErrorCode.RESULT_DELETED, revision)
                  : ResponseEntity.ok(Envelope.success(CardView.of(job.card())));
          case FAILED -> error(job.errorCode(), job.errorMessage(), revision);
          case QUEUED, RUNNING -> unavailable(revision, retryAfterSeconds);
        };
    return withKey(answer, key);
  }

  /**
   * A submission refused by its key's or account's state. A job still running says when to ask
   * again, as the 503 of an outlived wait does: a client retrying its key in a tight loop would
   * otherwise spend its rate limit on answers that cannot change until the job ends.
   */
  static ResponseEntity<Envelope> refused(
      Submission.Refused refused, ApiRevision revision, long retryAfterSeconds) {
    ResponseEntity<Envelope> answer = error(refused.code(), refused.message(), revision);
    if (refused.code() == ErrorCode.GENERATION_IN_PROGRESS) {
      answer = withRetryAfter(answer, retryAfterSeconds);
    }
    return withKey(answer, refused.idempotencyKey());
  }

  static ResponseEntity<Envelope> unavailable(ApiRevision revision, long retryAfterSeconds) {
    return withRetryAfter(error(ErrorCode.GENERATION_UNAVAILABLE, revision), retryAfterSeconds);
  }

  /** 429 (400 in the earlier revision) with the seconds until the next request is admitted. */
  static ResponseEntity<Envelope> rateLimited(
      ApiRevision revision, int perMinute, long retryAfterSeconds) {
    String message = Messages.format("rate.limited", perMinute, retryAfterSeconds);
    return withRetryAfter(error(ErrorCode.RATE_LIMITED, message, revision), retryAfterSeconds);
  }

  static ResponseEntity<Envelope> tooLarge(ApiRevision revision, DataSize limit) {
    return error(
        ErrorCode.PAYLOAD_TOO_LARGE,
        Messages.format("body.too_large", Sizes.inRussian(limit)),
        revision);
  }

  private static ResponseEntity<Envelope> withRetryAfter(
      ResponseEntity<Envelope> answer, long retryAfterSeconds) {
    return ResponseEntity.status(answer.getStatusCode())
        .headers(answer.getHeaders())
        .header(HttpHeaders.RETRY_AFTER, Long.toString(retryAfterSeconds))
        .body(answer.getBody());
  }

  static ResponseEntity<Envelope> withKey(ResponseEntity<Envelope> answer, String key) {
    if (key == null) {
      return answer;
    }
    return ResponseEntity.status(answer.getStatusCode())
        .headers(answer.getHeaders())
        .header(IDEMPOTENCY_KEY, key)
        .body(answer.getBody());
  }
}
