package io.cardgen.gateway.admin;

import io.cardgen.common.admin.ActuatorPaths;
import io.cardgen.common.admin.AdminBearerToken;
import io.cardgen.gateway.web.AdminConnector;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.http.HttpHeaders;
import org.springframework.stereotype.Component;
import org.springframework.web.filter.OncePerRequestFilter;

/**
 * Guards the actuator on the management port: health, its probe groups and the Prometheus scrape
 * answer whoever reaches the port ({@link ActuatorPaths}); every other endpoint (metrics, info, the
 * actuator's index, any other spelling of a path) needs the admin token, checked like {@link
 * AdminToken} checks it (ADR 0048). Runs after {@code PortRouting}, which has already refused the
 * actuator on the public port and every ambiguous spelling; {@code /admin/**} is {@link
 * AdminToken}'s.
 */
@Component
class ActuatorToken extends OncePerRequestFilter {

  private static final Logger log = LoggerFactory.getLogger(ActuatorToken.class);

  private final AdminBearerToken token;
  private final AdminConnector adminConnector;

  ActuatorToken(AdminBearerToken token, AdminConnector adminConnector) {
    this.token = token;
    this.adminConnector = adminConnector;
  }

  @Override
  protected boolean shouldNotFilter(HttpServletRequest request) {
    String path = request.getRequestURI();
    return request.getLocalPort() != adminConnector.localPort()
        || path.startsWith("/admin/")
        || ActuatorPaths.openWithoutToken(path);
  }

  @Override
  protected void doFilterInternal(
      HttpServletRequest request, HttpServletResponse response, FilterChain chain)
      throws ServletException, IOException {
    if (token.admits(request.getHeader(HttpHeaders.AUTHORIZATION))) {
      chain.doFilter(request, response);
      return;
    }
    TokenRefusal.send(log, "actuator", request, response);
  }
}
