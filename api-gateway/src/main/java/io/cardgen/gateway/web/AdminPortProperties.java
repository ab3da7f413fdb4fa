package io.cardgen.gateway.web;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * The management port: admin API and actuator live there and only there.
 *
 * @param port 0 picks a free port (tests)
 * @param token the admin API's bearer token
 */
@ConfigurationProperties("cardgen.admin")
public record AdminPortProperties(@DefaultValue("8081") int port, String token) {

  /** Keeps the token out of logs and failure analysis output, as S3Properties does its key. */
  @Override
  public String toString() {
    return "AdminPortProperties[port=%d, token=%s]"
        .formatted(port, token == null || token.isEmpty() ? "(none)" : "(set)");
  }
}
