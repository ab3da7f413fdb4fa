package io.cardgen.gateway.web;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * The management port: admin API and actuator live there and only there.
 *
 * @param port 0 picks a free port (tests)
 * @param address the interface to listen on; empty for all of them (a container's probes and
 *     scrapes come from outside it), {@code 127.0.0.1} to keep the port on the machine
 * @param token the bearer token of the admin API and of the actuator beyond health and prometheus;
 *     at least 32 characters when set ({@code AdminBearerToken}), checked at start
 */
@ConfigurationProperties("cardgen.admin")
public record AdminPortProperties(
    @DefaultValue("8081") int port, @DefaultValue("") String address, String token) {

  /** Keeps the token out of logs and failure analysis output, as S3Properties does its key. */
  @Override
  public String toString() {
    return "AdminPortProperties[port=%d, address=%s, token=%s]"
        .formatted(
            port,
            address.isEmpty() ? "(all)" : address,
            token == null || token.isEmpty() ? "(none)" : "(set)");
  }
}
