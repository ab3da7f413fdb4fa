package io.cardgen.common.web;

import io.cardgen.common.error.ErrorCode;
import io.cardgen.common.error.ErrorEnvelope;
import io.cardgen.common.error.Messages;
import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import org.apache.catalina.Context;
import org.apache.catalina.connector.Request;
import org.apache.catalina.connector.Response;
import org.apache.catalina.core.StandardHost;
import org.apache.catalina.valves.ErrorReportValve;
import org.apache.tomcat.util.res.StringManager;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Tomcat's own error answers — a URI it cannot parse, a bad HTTP version, headers too large, a
 * transfer coding it does not know, TRACE, a request refused before it reached a servlet — in the
 * API's envelope instead of an HTML page. It replaces the host's error report valve, so nothing
 * Tomcat answers by itself can leak its version or a stack trace. Headers Tomcat set (Allow on a
 * 405) stay.
 */
public class JsonErrorReportValve extends ErrorReportValve {

  private static final Logger log = LoggerFactory.getLogger(JsonErrorReportValve.class);

  /** Tomcat's own text for a request head over maxHttpRequestHeaderSize, in its own locale. */
  private static final String HEAD_TOO_LARGE =
      StringManager.getManager("org.apache.coyote.http11")
          .getString("iib.requestheadertoolarge.error");

  /**
   * Makes this valve the error report valve of {@code context}'s host. The host creates that valve
   * when it starts, after the context is prepared, so naming the class is enough.
   */
  public static void installFor(Context context) {
    if (context.getParent() instanceof StandardHost host) {
      host.setErrorReportValveClass(JsonErrorReportValve.class.getName());
    }
  }

  @Override
  protected void report(Request request, Response response, Throwable throwable) {
    if (response.getStatus() < 400
        || response.getContentWritten() > 0
        || !response.setErrorReported()) {
      return;
    }
    int status = refined(request, response.getStatus(), throwable);
    if (throwable != null && status >= 500) {
      log.error("Unexpected failure before the application answered", throwable);
    } else {
      log.info("Refused a request with {} before it reached the application", status);
    }
    ErrorCode code = ErrorEnvelope.codeOf(status);
    try {
      response.setStatus(status);
      response.setContentType("application/json");
      response.setCharacterEncoding(StandardCharsets.UTF_8.name());
      Writer writer = response.getReporter();
      if (writer != null) {
        writer.write(ErrorEnvelope.json(code, Messages.of(code)));
        response.finishResponse();
      }
    } catch (IOException | IllegalStateException unwritable) {
      log.debug("Could not write the error answer", unwritable);
    }
  }

  /**
   * Tomcat answers 400 to a request head that overflows its buffer, whatever overflowed. RFC 9110
   * has better answers: 414 when the request line alone did not fit (no URI was parsed), 431 when
   * the header fields did. Tomcat reports the overflow by its own message text, the only sign it
   * gives; it is compared with Tomcat's own resource, not with a copy.
   */
  private static int refined(Request request, int status, Throwable throwable) {
    if (status != 400
        || !(throwable instanceof IllegalArgumentException)
        || !HEAD_TOO_LARGE.equals(throwable.getMessage())) {
      return status;
    }
    return request.getCoyoteRequest().requestURI().isNull() ? 414 : 431;
  }
}
