package io.cardgen.gateway.admin;

import io.cardgen.common.webhook.SecretSealing;
import java.time.Duration;
import java.util.List;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * How the admin API keeps the webhook secrets it rotates ({@code cardgen.webhooks.*}, ADR 0047).
 * The two keys are the workers' settings too, and secrets: {@link #toString} shows neither.
 *
 * @param sealingKey base64 of 32 random bytes ({@code CARDGEN_WEBHOOKS_SEALING_KEY}); it seals the
 *     secrets this gateway writes. Empty: stored plain, with a warning at start
 * @param previousSealingKeys keys that sealed earlier ({@code
 *     CARDGEN_WEBHOOKS_PREVIOUS_SEALING_KEYS}, comma-separated); set like the workers'
 * @param rotationOverlap how long a rotated secret keeps signing beside the new one ({@code
 *     CARDGEN_WEBHOOKS_ROTATION_OVERLAP}); 0 replaces it at once
 */
@ConfigurationProperties("cardgen.webhooks")
record WebhookSecretProperties(
    @DefaultValue("") String sealingKey,
    @DefaultValue List<String> previousSealingKeys,
    @DefaultValue("24h") Duration rotationOverlap) {

  WebhookSecretProperties {
    sealingKey = sealingKey == null ? "" : sealingKey;
    previousSealingKeys =
        previousSealingKeys == null ? List.of() : List.copyOf(previousSealingKeys);
    if (rotationOverlap.isNegative()) {
      throw new IllegalArgumentException("cardgen.webhooks.rotation-overlap must not be negative");
    }
  }

  /**
   * The sealing these settings describe. Checked here, when the bean is made, and not while
   * binding: a binding failure report would print the offending value, the key.
   *
   * @throws IllegalArgumentException naming the malformed setting, never its value
   */
  SecretSealing sealing() {
    return SecretSealing.fromSettings(sealingKey, previousSealingKeys);
  }

  @Override
  public String toString() {
    return "WebhookSecretProperties[sealingKey="
        + (sealingKey.isBlank() ? "(none)" : "(hidden)")
        + ", previousSealingKeys="
        + previousSealingKeys.size()
        + " (hidden), rotationOverlap="
        + rotationOverlap
        + "]";
  }
}
