package io.cardgen.gateway.web;

import io.cardgen.common.error.ErrorCode;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;
import tools.jackson.databind.json.JsonMapper;

/**
 * Refusals of the HTTP layer itself — framing, methods, paths, media types — as the API's envelope.
 * Tomcat's valve, the port filter and the controller advice all answer through here, so a status
 * always carries the same code and Russian message whichever layer noticed the problem.
 */
public final class HttpRefusals {

  private static final JsonMapper JSON = JsonMapper.builder().build();

  private HttpRefusals() {}

  /** The code of a status Tomcat or Spring chose on their own; unknown ones by their class. */
  public static ErrorCode codeOf(int status) {
    return switch (status) {
      case 404 -> ErrorCode.NOT_FOUND;
      case 405 -> ErrorCode.METHOD_NOT_ALLOWED;
      case 413 -> ErrorCode.PAYLOAD_TOO_LARGE;
      case 414 -> ErrorCode.URI_TOO_LONG;
      case 415 -> ErrorCode.UNSUPPORTED_MEDIA_TYPE;
      case 431 -> ErrorCode.REQUEST_HEADER_TOO_LARGE;
      case 501 -> ErrorCode.NOT_IMPLEMENTED;
      case 503 -> ErrorCode.GENERATION_UNAVAILABLE;
      case 505 -> ErrorCode.HTTP_VERSION_NOT_SUPPORTED;
      // Spec §7: "500 or 503 | generation_unavailable | Internal unavailability".
      default -> status >= 500 ? ErrorCode.GENERATION_UNAVAILABLE : ErrorCode.BAD_REQUEST;
    };
  }

  /** The envelope of spec §2.3 for a failure. */
  public static Map<String, Object> envelope(ErrorCode code, String message) {
    Map<String, Object> envelope = new LinkedHashMap<>();
    envelope.put("success", false);
    envelope.put("error", message);
    envelope.put("code", code.code());
    envelope.put("message", message);
    return envelope;
  }

  /**
   * Writes the envelope with the given status, which may differ from the code's own status when
   * Tomcat already chose one (a 400 of the framing stays 400 whatever the cause).
   */
  public static void write(HttpServletResponse response, int status, ErrorCode code, String message)
      throws IOException {
    response.setStatus(status);
    response.setContentType("application/json");
    response.setCharacterEncoding(StandardCharsets.UTF_8.name());
    response.getWriter().write(json(code, message));
  }

  static String json(ErrorCode code, String message) {
    return JSON.writeValueAsString(envelope(code, message));
  }
}
