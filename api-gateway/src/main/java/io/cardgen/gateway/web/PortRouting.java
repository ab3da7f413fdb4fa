package io.cardgen.gateway.web;

import io.cardgen.common.error.ErrorCode;
import io.cardgen.common.error.Messages;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.core.Ordered;
import org.springframework.core.annotation.Order;
import org.springframework.stereotype.Component;
import org.springframework.web.filter.OncePerRequestFilter;

/**
 * Keeps the admin API and actuator on the management port and everything else on the public port: a
 * path on the wrong port answers 404 as if it did not exist. The decision is made on the raw path
 * the client sent, and only a canonical one (see {@link RequestPath}) gets that far — so no
 * encoding of {@code /admin} can look like a public path here and an admin path to the dispatcher.
 * HTTP/0.9, which Tomcat still serves, is refused on both ports.
 */
@Component
@Order(Ordered.HIGHEST_PRECEDENCE)
class PortRouting extends OncePerRequestFilter {

  private static final Logger log = LoggerFactory.getLogger(PortRouting.class);

  private final AdminConnector adminConnector;

  PortRouting(AdminConnector adminConnector) {
    this.adminConnector = adminConnector;
  }

  @Override
  protected void doFilterInternal(
      HttpServletRequest request, HttpServletResponse response, FilterChain chain)
      throws ServletException, IOException {
    if (isHttp09(request.getProtocol())) {
      // An HTTP/0.9 answer has no status line or headers, only a body: the envelope at least.
      log.info("Refused an HTTP/0.9 request");
      HttpRefusals.write(response, 400, ErrorCode.BAD_REQUEST, Messages.of(ErrorCode.BAD_REQUEST));
      return;
    }
    RequestPath path = new RequestPath(request.getRequestURI());
    if (!path.canonical()) {
      log.info("Refused an ambiguous request path on port {}", request.getLocalPort());
      HttpRefusals.write(
          response, 400, ErrorCode.INVALID_PATH, Messages.format("http.invalid_path"));
      return;
    }
    boolean onAdminPort = request.getLocalPort() == adminConnector.localPort();
    if (onAdminPort != path.management()) {
      HttpRefusals.write(response, 404, ErrorCode.NOT_FOUND, Messages.of(ErrorCode.NOT_FOUND));
      return;
    }
    chain.doFilter(request, response);
  }

  /** Tomcat leaves the protocol empty for a request line without one, which is HTTP/0.9. */
  private static boolean isHttp09(String protocol) {
    return protocol == null || protocol.isEmpty() || protocol.equals("HTTP/0.9");
  }

  @Override
  protected boolean shouldNotFilterAsyncDispatch() {
    return false;
  }
}
