package io.cardgen.worker.management;

import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * The admin token on the worker: what its actuator asks for beyond health and prometheus. The same
 * setting as the gateway's ({@code CARDGEN_ADMIN_TOKEN}); unset, those endpoints stay shut.
 *
 * @param token the bearer token, at least 32 characters when set
 */
@ConfigurationProperties("cardgen.admin")
public record AdminTokenProperties(String token) {

  /** Keeps the token out of logs and failure analysis output. */
  @Override
  public String toString() {
    return "AdminTokenProperties[token=%s]"
        .formatted(token == null || token.isEmpty() ? "(none)" : "(set)");
  }
}
