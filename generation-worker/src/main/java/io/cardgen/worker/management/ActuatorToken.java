package io.cardgen.worker.management;

import io.cardgen.common.admin.ActuatorPaths;
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
 * Guards the worker's one port, which serves nothing but the actuator: health, its probe groups and
 * the Prometheus scrape answer whoever reaches the port ({@link ActuatorPaths}), every other path
 * needs the admin token, checked as the gateway checks it (ADR 0048). The worker has no port
 * routing of its own, so the open paths are matched on the raw path exactly and any other spelling
 * needs the token. Without a token configured (the Kubernetes manifests never give the worker one)
 * only the open paths answer. A token shorter than 32 characters stops the worker at start.
 */
@Component
class ActuatorToken extends OncePerRequestFilter {

  private static final Logger log = LoggerFactory.getLogger(ActuatorToken.class);

  private final AdminBearerToken token;

  ActuatorToken(AdminTokenProperties properties) {
    this.token = AdminBearerToken.of(properties.token());
    if (!token.configured()) {
      log.info(
          "No admin token configured (CARDGEN_ADMIN_TOKEN): the actuator answers only health and"
              + " prometheus");
    }
  }

  @Override
  protected boolean shouldNotFilter(HttpServletRequest request) {
    return ActuatorPaths.openWithoutToken(request.getRequestURI());
  }

  @Override
  protected void doFilterInternal(
      HttpServletRequest request, HttpServletResponse response, FilterChain chain)
      throws ServletException, IOException {
    if (token.admits(request.getHeader(HttpHeaders.AUTHORIZATION))) {
      chain.doFilter(request, response);
      return;
    }
    // Who asked for what, never what they presented: a near miss of the token is half the token.
    log.warn(
        "Refused an actuator call without the right token: {} {} from {}",
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
