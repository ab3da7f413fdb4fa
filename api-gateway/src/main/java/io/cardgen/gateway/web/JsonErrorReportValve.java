package io.cardgen.gateway.web;

import io.cardgen.common.error.ErrorCode;
import io.cardgen.common.error.Messages;
import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import org.apache.catalina.connector.Request;
import org.apache.catalina.connector.Response;
import org.apache.catalina.valves.ErrorReportValve;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.http.HttpStatus;
import tools.jackson.databind.json.JsonMapper;

/**
 * Tomcat's own error answers — a URI it cannot parse, a bad HTTP version, headers too large, a
 * request refused before it reached a servlet — in the API's envelope instead of an HTML page. It
 * replaces the host's error report valve, so nothing Tomcat answers by itself can leak its version
 * or a stack trace.
 */
public class JsonErrorReportValve extends ErrorReportValve {

  private static final Logger log = LoggerFactory.getLogger(JsonErrorReportValve.class);
  private static final JsonMapper JSON = JsonMapper.builder().build();

  @Override
  protected void report(Request request, Response response, Throwable throwable) {
    int status = response.getStatus();
    if (status < 400 || response.getContentWritten() > 0 || !response.setErrorReported()) {
      return;
    }
    if (throwable != null) {
      log.error("Unexpected failure before the application answered", throwable);
    }
    try {
      response.setContentType("application/json");
      response.setCharacterEncoding(StandardCharsets.UTF_8.name());
      Writer writer = response.getReporter();
      if (writer != null) {
        writer.write(JSON.writeValueAsString(envelope(status)));
        response.finishResponse();
      }
    } catch (IOException | IllegalStateException unwritable) {
      log.debug("Could not write the error answer", unwritable);
    }
  }

  static Map<String, Object> envelope(int status) {
    String code = codeOf(status);
    String message =
        status == 404 ? Messages.of(ErrorCode.NOT_FOUND) : Messages.format("http.error", status);
    Map<String, Object> envelope = new LinkedHashMap<>();
    envelope.put("success", false);
    envelope.put("error", message);
    envelope.put("code", code);
    envelope.put("message", message);
    return envelope;
  }

  private static String codeOf(int status) {
    if (status == 404) {
      return ErrorCode.NOT_FOUND.code();
    }
    HttpStatus known = HttpStatus.resolve(status);
    return known == null ? "http_" + status : known.name().toLowerCase(Locale.ROOT);
  }
}
