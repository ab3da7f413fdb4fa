package io.cardgen.gateway.admin;

import io.cardgen.common.admin.AdminBearerToken;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import org.slf4j.Logger;

/** The 401 of a management call without the admin token, and its log line. */
final class TokenRefusal {

  private TokenRefusal() {}

  /**
   * Logs who asked for what, never what they presented (a near miss of the token is half the
   * token), and answers 401 with the admin API's error body.
   *
   * @param what "admin" or "actuator", for the log line
   */
  static void send(
      Logger log, String what, HttpServletRequest request, HttpServletResponse response)
      throws IOException {
    log.warn(
        "Refused an {} call without the right token: {} {} from {}",
        what,
        request.getMethod(),
        request.getRequestURI(),
        request.getRemoteAddr());
    response.setStatus(HttpServletResponse.SC_UNAUTHORIZED);
    response.setContentType("application/json;charset=UTF-8");
    response
        .getOutputStream()
        .write(AdminBearerToken.REFUSAL_JSON.getBytes(StandardCharsets.UTF_8));
  }
}
