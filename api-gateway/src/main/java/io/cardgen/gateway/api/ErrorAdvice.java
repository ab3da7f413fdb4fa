package io.cardgen.gateway.api;

import io.cardgen.common.error.ErrorCode;
import io.cardgen.common.error.Messages;
import io.cardgen.common.request.ApiRevision;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import org.springframework.http.converter.HttpMessageNotReadableException;
import org.springframework.web.ErrorResponse;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.RestControllerAdvice;
import org.springframework.web.method.annotation.MethodArgumentTypeMismatchException;

/**
 * The last line: whatever escapes a controller becomes an envelope with a code and a Russian
 * message, never a stack trace. An unexpected failure is logged and answered 503, which tells a
 * client to retry with the same key — safe, since the job row decides what really happened.
 */
@RestControllerAdvice
class ErrorAdvice {

  private static final Logger log = LoggerFactory.getLogger(ErrorAdvice.class);

  @ExceptionHandler({
    HttpMessageNotReadableException.class,
    MethodArgumentTypeMismatchException.class
  })
  ResponseEntity<Envelope> unreadable(Exception exception) {
    return Answers.error(
        ErrorCode.INVALID_PARAMETERS,
        Messages.format("invalid.body_malformed"),
        ApiRevision.CURRENT);
  }

  @ExceptionHandler(Exception.class)
  ResponseEntity<Envelope> unexpected(Exception exception) {
    if (exception instanceof ErrorResponse framework) {
      // Spring's own refusals (unknown path, wrong method, bad media type): their status, our
      // envelope.
      int status = framework.getStatusCode().value();
      HttpStatus known = HttpStatus.resolve(status);
      String code = known == null ? "error" : known.name().toLowerCase(java.util.Locale.ROOT);
      return ResponseEntity.status(status)
          .body(Envelope.failure(code, Messages.format("http.error", status)));
    }
    log.error("Unexpected failure while answering", exception);
    return Answers.unavailable(ApiRevision.CURRENT, 5);
  }
}
