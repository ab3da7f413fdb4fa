package io.cardgen.worker.webhook;

import io.cardgen.common.webhook.WebhookSecret;
import java.util.Optional;
import java.util.UUID;
import org.springframework.jdbc.core.simple.JdbcClient;

/**
 * The secret that signs an account's next attempt: the one stored now, read on every attempt so a
 * rotation takes effect at once. An account that never asked for one gets one here, on first need:
 * every webhook is signed, and the operator shows it with the admin API (which rotates it; failed
 * deliveries are retried for a day, signed with the shown secret from then on).
 */
class SigningSecrets {

  // Of two deliverers creating one at once, the first write wins and both sign with it.
  private static final String CREATE_IF_MISSING =
      "UPDATE accounts SET webhook_secret = :secret WHERE id = :id AND webhook_secret IS NULL";
  private static final String CURRENT = "SELECT webhook_secret FROM accounts WHERE id = :id";

  private final JdbcClient jdbc;

  SigningSecrets(JdbcClient jdbc) {
    this.jdbc = jdbc;
  }

  WebhookSecret current(UUID accountId) {
    return stored(accountId)
        .orElseGet(
            () -> {
              jdbc.sql(CREATE_IF_MISSING)
                  .param("secret", WebhookSecret.generate().value())
                  .param("id", accountId)
                  .update();
              return stored(accountId).orElseThrow();
            });
  }

  private Optional<WebhookSecret> stored(UUID accountId) {
    return jdbc.sql(CURRENT)
        .param("id", accountId)
        .query((row, number) -> Optional.ofNullable(row.getString("webhook_secret")))
        .single()
        .map(WebhookSecret::new);
  }
}
