package io.cardgen.gateway.web;

import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import org.springframework.core.Ordered;
import org.springframework.core.annotation.Order;
import org.springframework.stereotype.Component;
import org.springframework.web.filter.OncePerRequestFilter;

/**
 * Keeps the admin API and actuator on the management port and everything else on the public port: a
 * path on the wrong port answers 404 as if it did not exist.
 */
@Component
@Order(Ordered.HIGHEST_PRECEDENCE)
class PortRouting extends OncePerRequestFilter {

  private final AdminConnector adminConnector;

  PortRouting(AdminConnector adminConnector) {
    this.adminConnector = adminConnector;
  }

  @Override
  protected void doFilterInternal(
      HttpServletRequest request, HttpServletResponse response, FilterChain chain)
      throws ServletException, IOException {
    boolean onAdminPort = request.getLocalPort() == adminConnector.localPort();
    String path = request.getRequestURI();
    boolean adminPath = path.startsWith("/admin/") || path.startsWith("/actuator");
    if (onAdminPort != adminPath) {
      response.setStatus(HttpServletResponse.SC_NOT_FOUND);
      response.setContentType("application/json");
      response
          .getWriter()
          .write("{\"success\":false,\"error\":\"not found\",\"code\":\"not_found\"}");
      return;
    }
    chain.doFilter(request, response);
  }

  @Override
  protected boolean shouldNotFilterAsyncDispatch() {
    return false;
  }
}
