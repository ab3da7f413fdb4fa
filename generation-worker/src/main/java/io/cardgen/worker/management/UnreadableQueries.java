package io.cardgen.worker.management;

import io.cardgen.common.error.ErrorCode;
import io.cardgen.common.error.ErrorEnvelope;
import java.util.Map;
import org.apache.tomcat.util.http.InvalidParameterException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.RestControllerAdvice;

/**
 * The worker port's answer to a query string Tomcat cannot read ({@code ?%ZZ} on the open health
 * endpoint): 400 and one INFO line with the class only. Left to the servlet container it was an
 * ERROR with a stack trace, and its message quoted the decoded query, so a {@code %0A} in it forged
 * a log line; the gateway answers it the same way.
 */
@RestControllerAdvice
class UnreadableQueries {

  private static final Logger log = LoggerFactory.getLogger(UnreadableQueries.class);

  @ExceptionHandler(InvalidParameterException.class)
  ResponseEntity<Map<String, Object>> badQuery(InvalidParameterException exception) {
    log.info("Refused a request whose query could not be read: {}", exception.getClass().getName());
    return ResponseEntity.status(HttpStatus.BAD_REQUEST)
        .body(ErrorEnvelope.of(ErrorCode.BAD_REQUEST));
  }
}
