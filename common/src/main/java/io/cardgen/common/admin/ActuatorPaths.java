package io.cardgen.common.admin;

import java.util.Set;

/**
 * The actuator endpoints that answer without the admin token, on the gateway's and the worker's
 * management port: the health document and the probes' groups (Kubernetes probes and Docker's
 * {@code HEALTHCHECK} send no credentials) and the Prometheus scrape (the scrape configs in {@code
 * deploy/prometheus} send none either; the port is kept from everyone else by the NetworkPolicy and
 * compose's loopback binding). Every other endpoint needs the token (ADR 0048).
 *
 * <p>The match is on the raw path exactly as the client sent it. Any other spelling of these paths
 * — a path parameter, percent-encoding, a trailing slash, another letter case — is not open: it is
 * merely one more path that needs the token, so no decoding difference between this check and the
 * dispatcher can open an endpoint.
 */
public final class ActuatorPaths {

  private static final Set<String> OPEN =
      Set.of(
          "/actuator/health",
          "/actuator/health/liveness",
          "/actuator/health/readiness",
          "/actuator/prometheus");

  private ActuatorPaths() {}

  /** True for the raw request path of an endpoint that needs no token. */
  public static boolean openWithoutToken(String rawPath) {
    return rawPath != null && OPEN.contains(rawPath);
  }
}
