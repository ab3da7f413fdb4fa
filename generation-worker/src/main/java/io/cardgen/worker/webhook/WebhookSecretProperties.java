package io.cardgen.worker.webhook;

import io.cardgen.common.webhook.SecretSealing;
import java.util.List;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * The key that seals accounts' webhook secrets at rest ({@code cardgen.webhooks.*}, ADR 0047); the
 * gateway reads the same two settings. Both are secrets: {@link #toString} shows neither.
 *
 * @param sealingKey base64 of 32 random bytes ({@code CARDGEN_WEBHOOKS_SEALING_KEY}); it seals new
 *     and re-sealed secrets. Empty: secrets are stored plain, with a warning at start
 * @param previousSealingKeys keys that sealed earlier and still open what they sealed ({@code
 *     CARDGEN_WEBHOOKS_PREVIOUS_SEALING_KEYS}, comma-separated), during a key rotation
 */
@ConfigurationProperties("cardgen.webhooks")
record WebhookSecretProperties(
    @DefaultValue("") String sealingKey, @DefaultValue List<String> previousSealingKeys) {

  WebhookSecretProperties {
    sealingKey = sealingKey == null ? "" : sealingKey;
    previousSealingKeys =
        previousSealingKeys == null ? List.of() : List.copyOf(previousSealingKeys);
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
        + " (hidden)]";
  }
}
