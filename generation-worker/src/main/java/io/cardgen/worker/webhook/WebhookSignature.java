package io.cardgen.worker.webhook;

import io.cardgen.common.webhook.WebhookSecret;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.util.Base64;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * The Standard Webhooks signature: {@code v1,} and the base64 of HMAC-SHA256 over {@code
 * "<webhook-id>.<webhook-timestamp>.<body>"} (UTF-8) with the secret's key.
 */
final class WebhookSignature {

  private static final String ALGORITHM = "HmacSHA256";

  private WebhookSignature() {}

  static String sign(WebhookSecret secret, String id, long timestamp, String body) {
    try {
      Mac mac = Mac.getInstance(ALGORITHM);
      mac.init(new SecretKeySpec(secret.key(), ALGORITHM));
      byte[] signed = (id + "." + timestamp + "." + body).getBytes(StandardCharsets.UTF_8);
      return "v1," + Base64.getEncoder().encodeToString(mac.doFinal(signed));
    } catch (GeneralSecurityException impossible) {
      throw new IllegalStateException("HmacSHA256 is required by every JVM", impossible);
    }
  }
}
