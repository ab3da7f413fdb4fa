package io.cardgen.gateway.admin;

import io.cardgen.common.admin.AdminBearerToken;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.http.HttpHeaders;
import org.springframework.stereotype.Component;
import org.springframework.web.filter.OncePerRequestFilter;

/**
 * Guards {@code /admin/**} with {@code Authorization: Bearer $CARDGEN_ADMIN_TOKEN} ({@link
 * AdminBearerToken}). Without a configured token the admin API stays shut rather than open. A
 * refused call is logged (method, path, peer), an admitted one's answer marked {@code no-store} and
 * its body bounded ({@link BoundedAdminBody}).
 */
@Component
class AdminToken extends OncePerRequestFilter {

  private static final Logger log = LoggerFactory.getLogger(AdminToken.class);
  private static final String TOO_LARGE =
      "{\"success\":false,\"error\":\"Тело запроса администратора больше 64 КБ.\","
          + "\"code\":\"payload_too_large\",\"message\":\"Тело запроса администратора больше 64 КБ.\"}";

  private final AdminBearerToken token;

  AdminToken(AdminBearerToken token) {
    this.token = token;
  }

  @Override
  protected boolean shouldNotFilter(HttpServletRequest request) {
    return !request.getRequestURI().startsWith("/admin/");
  }

  @Override
  protected void doFilterInternal(
      HttpServletRequest request, HttpServletResponse response, FilterChain chain)
      throws ServletException, IOException {
    if (!token.admits(request.getHeader(HttpHeaders.AUTHORIZATION))) {
      TokenRefusal.send(log, "admin", request, response);
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
