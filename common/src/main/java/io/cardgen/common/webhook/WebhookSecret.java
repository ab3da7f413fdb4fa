package io.cardgen.common.webhook;

import java.security.SecureRandom;
import java.util.Base64;

/**
 * An account's webhook signing secret in the Standard Webhooks form (batch-api §7): {@code whsec_}
 * and the standard base64 of 32 random bytes; the HMAC key is those bytes. The admin API that
 * rotates it (gateway) and the deliverer that creates one on first need (worker) both mint it here,
 * so the two can never disagree on the format.
 */
public record WebhookSecret(String value) {

  private static final String PREFIX = "whsec_";
  private static final int KEY_BYTES = 32;
  private static final SecureRandom RANDOM = new SecureRandom();

  /**
   * @throws IllegalArgumentException when {@code value} is not {@code whsec_} + base64 of at least
   *     24 bytes
   */
  public WebhookSecret {
    if (value == null || !value.startsWith(PREFIX)) {
      throw new IllegalArgumentException("a webhook secret starts with " + PREFIX);
    }
    if (decode(value).length < 24) {
      throw new IllegalArgumentException("a webhook secret holds at least 24 bytes");
    }
  }

  /** A new secret from the platform's {@link SecureRandom}. */
  public static WebhookSecret generate() {
    byte[] key = new byte[KEY_BYTES];
    RANDOM.nextBytes(key);
    return new WebhookSecret(PREFIX + Base64.getEncoder().encodeToString(key));
  }

  /** The HMAC-SHA256 key: the base64-decoded part after {@code whsec_}. */
  public byte[] key() {
    return decode(value);
  }

  /** Never the secret itself: records print their fields, and logs must not carry it. */
  @Override
  public String toString() {
    return "WebhookSecret[" + PREFIX + "…]";
  }

  private static byte[] decode(String value) {
    return Base64.getDecoder().decode(value.substring(PREFIX.length()));
  }
}
