package io.cardgen.gateway.web;

import io.cardgen.common.error.ErrorCode;
import io.cardgen.common.error.ErrorEnvelope;
import jakarta.servlet.RequestDispatcher;
import jakarta.servlet.http.HttpServletRequest;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.webmvc.error.ErrorController;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;

/**
 * The error page every {@code sendError} lands on — Tomcat refusing TRACE, a filter refusing a
 * request — answered in the envelope instead of Spring Boot's {@code timestamp/status/path} body.
 * Replaces Spring Boot's BasicErrorController. Headers already set (Allow) are kept. A client
 * asking for {@code /error} itself gets 404.
 */
@RestController
class JsonErrorController implements ErrorController {

  private static final Logger log = LoggerFactory.getLogger(JsonErrorController.class);

  @RequestMapping("/error")
  ResponseEntity<Map<String, Object>> error(HttpServletRequest request) {
    Object attribute = request.getAttribute(RequestDispatcher.ERROR_STATUS_CODE);
    int status = attribute instanceof Integer code ? code : 404;
    Object failure = request.getAttribute(RequestDispatcher.ERROR_EXCEPTION);
    if (failure instanceof Throwable throwable && status >= 500) {
      log.error("Unexpected failure before the application answered", throwable);
    } else {
      log.info("Refused a request with {}", status);
    }
    ErrorCode code = ErrorEnvelope.codeOf(status);
    return ResponseEntity.status(status)
        .contentType(MediaType.APPLICATION_JSON)
        .body(ErrorEnvelope.of(code));
  }
}
