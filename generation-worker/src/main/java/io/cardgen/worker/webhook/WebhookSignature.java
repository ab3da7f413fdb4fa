package io.cardgen.worker.webhook;

import io.cardgen.common.webhook.WebhookSecret;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.util.Base64;
import java.util.List;
import java.util.stream.Collectors;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * The Standard Webhooks signature: {@code v1,} and the base64 of HMAC-SHA256 over {@code
 * "<webhook-id>.<webhook-timestamp>.<body>"} (UTF-8) with the secret's key. While a rotated secret
 * still overlaps, the header carries one signature per secret, space-separated, as the convention
 * allows; a receiver accepts the request when any of them verifies.
 */
final class WebhookSignature {

  private static final String ALGORITHM = "HmacSHA256";

  private WebhookSignature() {}

  /** The {@code webhook-signature} value: one signature per secret, in their order. */
  static String header(List<WebhookSecret> secrets, String id, long timestamp, String body) {
    return secrets.stream()
        .map(secret -> sign(secret, id, timestamp, body))
        .collect(Collectors.joining(" "));
  }

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
