package io.cardgen.gateway.admin;

import io.cardgen.gateway.web.AdminPortProperties;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.http.HttpHeaders;
import org.springframework.stereotype.Component;
import org.springframework.web.filter.OncePerRequestFilter;

/**
 * Guards {@code /admin/**} with {@code Authorization: Bearer $CARDGEN_ADMIN_TOKEN}. Without a
 * configured token the admin API stays shut rather than open. A refused call is logged (method,
 * path, peer), an admitted one's answer marked {@code no-store} and its body bounded ({@link
 * BoundedAdminBody}).
 */
@Component
class AdminToken extends OncePerRequestFilter {

  private static final Logger log = LoggerFactory.getLogger(AdminToken.class);
  private static final String UNAUTHORIZED =
      "{\"success\":false,\"error\":\"Требуется токен администратора.\",\"code\":\"unauthorized\","
          + "\"message\":\"Требуется токен администратора.\"}";

  private static final String TOO_LARGE =
      "{\"success\":false,\"error\":\"Тело запроса администратора больше 64 КБ.\","
          + "\"code\":\"payload_too_large\",\"message\":\"Тело запроса администратора больше 64 КБ.\"}";

  private final byte[] expected;

  AdminToken(AdminPortProperties properties) {
    String token = properties.token();
    this.expected =
        token == null || token.isBlank()
            ? null
            : ("Bearer " + token).getBytes(StandardCharsets.UTF_8);
    if (expected == null) {
      log.warn("No admin token configured (CARDGEN_ADMIN_TOKEN): the admin API refuses every call");
    }
  }

  @Override
  protected boolean shouldNotFilter(HttpServletRequest request) {
    return !request.getRequestURI().startsWith("/admin/");
  }

  @Override
  protected void doFilterInternal(
      HttpServletRequest request, HttpServletResponse response, FilterChain chain)
      throws ServletException, IOException {
    String presented = request.getHeader(HttpHeaders.AUTHORIZATION);
    if (expected == null
        || presented == null
        || !MessageDigest.isEqual(expected, presented.getBytes(StandardCharsets.UTF_8))) {
      // Who tried what, never what they presented: a near miss of the token is half the token.
      log.warn(
          "Refused an admin call without the right token: {} {} from {}",
          request.getMethod(),
          request.getRequestURI(),
          request.getRemoteAddr());
      response.setStatus(HttpServletResponse.SC_UNAUTHORIZED);
      response.setContentType("application/json;charset=UTF-8");
      response.getOutputStream().write(UNAUTHORIZED.getBytes(StandardCharsets.UTF_8));
      return;
    }
    // Admin answers carry API keys and webhook secrets: no cache on the way may keep one.
    response.setHeader(HttpHeaders.CACHE_CONTROL, "no-store");
    BoundedAdminBody bounded = BoundedAdminBody.read(request);
    if (bounded == null) {
      response.setStatus(HttpServletResponse.SC_REQUEST_ENTITY_TOO_LARGE);
      response.setContentType("application/json;charset=UTF-8");
      response.getOutputStream().write(TOO_LARGE.getBytes(StandardCharsets.UTF_8));
      return;
    }
    chain.doFilter(bounded, response);
  }
}
