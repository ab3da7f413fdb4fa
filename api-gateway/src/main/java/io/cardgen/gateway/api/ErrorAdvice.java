package io.cardgen.gateway.api;

import io.cardgen.common.error.ErrorCode;
import io.cardgen.common.error.ErrorEnvelope;
import io.cardgen.common.error.Messages;
import io.cardgen.common.request.ApiRevision;
import jakarta.servlet.http.HttpServletRequest;
import java.io.IOException;
import org.apache.catalina.connector.ClientAbortException;
import org.apache.coyote.BadRequestException;
import org.apache.tomcat.util.http.InvalidParameterException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.http.ResponseEntity;
import org.springframework.http.converter.HttpMessageNotReadableException;
import org.springframework.web.ErrorResponse;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.RestControllerAdvice;
import org.springframework.web.context.request.async.AsyncRequestNotUsableException;
import org.springframework.web.method.annotation.MethodArgumentTypeMismatchException;

/**
 * The last line: whatever escapes a controller becomes an envelope with a code and a Russian
 * message, never a stack trace. A client's mistake (a wrong method, an unknown path, a body cut
 * short) is one INFO line; an unexpected failure is logged as an error and answered 503, which
 * tells a client to retry with the same key — safe, since the job row decides what really happened,
 * and the answer carries the key ({@link IssuedKey}) for a client that brought none. Once the
 * controller has authenticated the account, every answer here is in that account's revision ({@link
 * CallerRevision}): the earlier one gets 400 with the text only, Retry-After kept.
 */
@RestControllerAdvice
class ErrorAdvice {

  private static final Logger log = LoggerFactory.getLogger(ErrorAdvice.class);

  @ExceptionHandler(HttpMessageNotReadableException.class)
  ResponseEntity<Envelope> unreadable(Exception exception, HttpServletRequest request) {
    log.info("Refused an unreadable request: {}", exception.getClass().getSimpleName());
    return Answers.error(
        ErrorCode.INVALID_PARAMETERS,
        Messages.format("invalid.body_malformed"),
        CallerRevision.of(request));
  }

  /**
   * A path or query parameter that is not of its type (an id that is not a UUID): named by the
   * parameter's own name, not answered as a body that is not JSON, which the request may not have.
   */
  @ExceptionHandler(MethodArgumentTypeMismatchException.class)
  ResponseEntity<Envelope> mistyped(
      MethodArgumentTypeMismatchException exception, HttpServletRequest request) {
    log.info("Refused a request whose parameter {} is mistyped", exception.getName());
    return Answers.error(
        ErrorCode.INVALID_PARAMETERS,
        Messages.format("invalid.parameter_type", exception.getName()),
        CallerRevision.of(request));
  }

  /**
   * Tomcat's refusal of the body's framing (bad chunks, a body shorter than declared, a client gone
   * mid-body). Only Tomcat's own types: a timeout of an outgoing call is our fault, not the
   * client's.
   */
  @ExceptionHandler({BadRequestException.class, ClientAbortException.class})
  ResponseEntity<Envelope> badFraming(IOException exception, HttpServletRequest request) {
    log.info("Refused a request whose body could not be read: {}", exception.toString());
    return refusal(400, ErrorCode.BAD_REQUEST, CallerRevision.of(request));
  }

  /**
   * Tomcat's refusal of the query string ({@code ?%ZZ}, more parameters than it parses), raised
   * when a parameter is first read, before any key is checked. A client's fault: one INFO line with
   * the class only, since the message quotes the decoded query (a line break in it would forge a
   * log line), and never the 503 and stack trace of a fault of ours.
   */
  @ExceptionHandler(InvalidParameterException.class)
  ResponseEntity<Envelope> badQuery(Exception exception, HttpServletRequest request) {
    log.info("Refused a request whose query could not be read: {}", exception.getClass().getName());
    return refusal(400, ErrorCode.BAD_REQUEST, CallerRevision.of(request));
  }

  /**
   * The client left, or stopped reading, while an answer was being written (a results stream cut
   * short, or timed out writing to a client that does not read): nobody to answer, and not a fault
   * of ours. Spring wraps Tomcat's {@link ClientAbortException} in this once the request is
   * asynchronous; as an unexpected failure each one logged two stack traces at ERROR and WARN (a
   * review flooded the log by closing downloads).
   */
  @ExceptionHandler(AsyncRequestNotUsableException.class)
  void gone(AsyncRequestNotUsableException exception) {
    log.info(
        "A client left before its answer was written: {}",
        exception.getCause() == null ? exception : exception.getCause().toString());
  }

  @ExceptionHandler(Exception.class)
  ResponseEntity<Envelope> unexpected(Exception exception, HttpServletRequest request) {
    ApiRevision revision = CallerRevision.of(request);
    if (exception instanceof ErrorResponse framework) {
      // Spring's own refusals (unknown path, wrong method): their status and headers (Allow),
      // our envelope.
      int status = framework.getStatusCode().value();
      log.info("Refused a request with {}: {}", status, exception.getClass().getSimpleName());
      ResponseEntity<Envelope> answer = refusal(status, ErrorEnvelope.codeOf(status), revision);
      return ResponseEntity.status(answer.getStatusCode())
          .headers(framework.getHeaders())
          .body(answer.getBody());
    }
    log.error("Unexpected failure while answering", exception);
    return Answers.withKey(Answers.unavailable(revision, 5), IssuedKey.of(request));
  }

  /**
   * A refusal whose status Tomcat or Spring chose, which may differ from the code's own; the
   * earlier revision answers 400 all the same.
   */
  private static ResponseEntity<Envelope> refusal(
      int status, ErrorCode code, ApiRevision revision) {
    ResponseEntity<Envelope> answer = Answers.error(code, revision);
    return revision == ApiRevision.LEGACY
        ? answer
        : ResponseEntity.status(status).body(answer.getBody());
  }
}
