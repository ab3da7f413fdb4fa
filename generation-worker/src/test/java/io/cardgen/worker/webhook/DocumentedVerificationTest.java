package io.cardgen.worker.webhook;

import static org.assertj.core.api.Assertions.assertThat;

import io.cardgen.common.webhook.WebhookSecret;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.time.Instant;
import java.util.Base64;
import java.util.List;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import org.junit.jupiter.api.Test;

/** The receiver's check that docs/batches.md shows, run against what the deliverer signs. */
class DocumentedVerificationTest {

  // Copied from docs/batches.md, "Verifying a webhook"; keep the two the same.
  static boolean verify(String secret, String id, String timestamp, byte[] body, String signature)
      throws GeneralSecurityException {
    long age = Math.abs(Instant.now().getEpochSecond() - Long.parseLong(timestamp));
    if (age > 300) {
      return false;
    }
    byte[] key = Base64.getDecoder().decode(secret.substring("whsec_".length()));
    Mac mac = Mac.getInstance("HmacSHA256");
    mac.init(new SecretKeySpec(key, "HmacSHA256"));
    mac.update((id + "." + timestamp + ".").getBytes(StandardCharsets.UTF_8));
    byte[] expected = mac.doFinal(body);
    // The header may list several space-separated signatures; any v1 one that matches will do.
    for (String candidate : signature.split(" ")) {
      if (candidate.startsWith("v1,")
          && MessageDigest.isEqual(expected, Base64.getDecoder().decode(candidate.substring(3)))) {
        return true;
      }
    }
    return false;
  }

  private static final String ID = "3f1c2a9e-0d4b-4e8f-9a7c-5b6d7e8f9a0b";
  private static final String BODY = "{\"type\":\"batch.completed\",\"data\":{\"id\":\"bat_1\"}}";

  @Test
  void acceptsWhatTheDelivererSigns() throws Exception {
    WebhookSecret secret = WebhookSecret.generate();
    long now = Instant.now().getEpochSecond();

    String signature = WebhookSignature.sign(secret, ID, now, BODY);

    assertThat(verify(secret.value(), ID, Long.toString(now), bytes(BODY), signature)).isTrue();
  }

  @Test
  void refusesAnotherBodyAnotherSecretOrAnOldTimestamp() throws Exception {
    WebhookSecret secret = WebhookSecret.generate();
    long now = Instant.now().getEpochSecond();
    String signature = WebhookSignature.sign(secret, ID, now, BODY);
    long old = now - 3600;

    assertThat(verify(secret.value(), ID, Long.toString(now), bytes(BODY + " "), signature))
        .isFalse();
    assertThat(
            verify(
                WebhookSecret.generate().value(), ID, Long.toString(now), bytes(BODY), signature))
        .isFalse();
    assertThat(
            verify(
                secret.value(),
                ID,
                Long.toString(old),
                bytes(BODY),
                WebhookSignature.sign(secret, ID, old, BODY)))
        .isFalse();
  }

  @Test
  void acceptsEitherSecretOfARotationWhileBothSign() throws Exception {
    WebhookSecret previous = WebhookSecret.generate();
    WebhookSecret current = WebhookSecret.generate();
    long now = Instant.now().getEpochSecond();

    String signature = WebhookSignature.header(List.of(current, previous), ID, now, BODY);

    assertThat(signature.split(" ")).hasSize(2);
    String timestamp = Long.toString(now);
    assertThat(verify(current.value(), ID, timestamp, bytes(BODY), signature)).isTrue();
    assertThat(verify(previous.value(), ID, timestamp, bytes(BODY), signature)).isTrue();
    assertThat(verify(WebhookSecret.generate().value(), ID, timestamp, bytes(BODY), signature))
        .isFalse();
    assertThat(verify(current.value(), ID, timestamp, bytes(BODY + " "), signature)).isFalse();
  }

  private static byte[] bytes(String text) {
    return text.getBytes(StandardCharsets.UTF_8);
  }
}
