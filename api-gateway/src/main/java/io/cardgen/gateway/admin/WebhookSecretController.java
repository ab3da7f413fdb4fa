package io.cardgen.gateway.admin;

import io.cardgen.common.webhook.WebhookSecret;
import java.util.Map;
import java.util.UUID;
import org.springframework.http.ResponseEntity;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RestController;

/**
 * {@code POST /admin/accounts/{id}/webhook-secret} (batch-api §7): creates or rotates the account's
 * webhook signing secret and shows it. The deliverers read the current secret on every attempt, so
 * the new one signs from the next attempt on, retries of older events included.
 */
@RestController
class WebhookSecretController {

  private static final String ROTATE =
      "UPDATE accounts SET webhook_secret = :secret WHERE id = :id";

  private final JdbcClient jdbc;

  WebhookSecretController(JdbcClient jdbc) {
    this.jdbc = jdbc;
  }

  @PostMapping("/admin/accounts/{id}/webhook-secret")
  ResponseEntity<?> rotate(@PathVariable UUID id) {
    WebhookSecret secret = WebhookSecret.generate();
    int updated = jdbc.sql(ROTATE).param("secret", secret.value()).param("id", id).update();
    return updated == 1
        ? ResponseEntity.ok(Map.of("secret", secret.value()))
        : AdminErrors.notFound();
  }
}
