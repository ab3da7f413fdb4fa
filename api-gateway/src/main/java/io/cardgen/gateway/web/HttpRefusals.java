package io.cardgen.gateway.web;

import io.cardgen.common.error.ErrorCode;
import io.cardgen.common.error.ErrorEnvelope;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.nio.charset.StandardCharsets;

/**
 * Writes refusals of the HTTP layer itself — framing, methods, paths — as the API's envelope
 * ({@link ErrorEnvelope}) from a filter, where no controller advice reaches.
 */
public final class HttpRefusals {

  private HttpRefusals() {}

  /**
   * Writes the envelope with the given status, which may differ from the code's own status when
   * Tomcat already chose one (a 400 of the framing stays 400 whatever the cause).
   */
  public static void write(HttpServletResponse response, int status, ErrorCode code, String message)
      throws IOException {
    response.setStatus(status);
    response.setContentType("application/json");
    response.setCharacterEncoding(StandardCharsets.UTF_8.name());
    response.getWriter().write(ErrorEnvelope.json(code, message));
  }
}
