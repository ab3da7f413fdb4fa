package io.cardgen.gateway.admin;

import io.cardgen.common.batch.BatchObject;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.UUID;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RestController;

/**
 * {@code POST /admin/accounts/{id}/webhook-secret} (batch-api §7): creates or rotates the account's
 * webhook signing secret and shows it. The deliverers read the secrets on every attempt, so the new
 * one signs from the next attempt on, retries of older events included; the one it replaced signs
 * beside it until {@code previous_valid_until} (ADR 0047), a field present only when there was one.
 */
@RestController
class WebhookSecretController {

  private final WebhookSecretRotation rotation;

  WebhookSecretController(WebhookSecretRotation rotation) {
    this.rotation = rotation;
  }

  @PostMapping("/admin/accounts/{id}/webhook-secret")
  ResponseEntity<?> rotate(@PathVariable UUID id) {
    return rotation
        .rotate(id)
        .<ResponseEntity<?>>map(rotated -> ResponseEntity.ok(answer(rotated)))
        .orElseGet(AdminErrors::notFound);
  }

  private static Map<String, String> answer(WebhookSecretRotation.Rotated rotated) {
    Map<String, String> answer = new LinkedHashMap<>();
    answer.put("secret", rotated.secret().value());
    if (rotated.previousValidUntil() != null) {
      // Six fractional digits and Z, as every time the API shows (product-card-api §2.2).
      answer.put(
          "previous_valid_until", BatchObject.TIMESTAMP.format(rotated.previousValidUntil()));
    }
    return answer;
  }
}
