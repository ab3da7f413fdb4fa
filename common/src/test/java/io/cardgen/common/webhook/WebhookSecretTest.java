package io.cardgen.common.webhook;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Base64;
import org.junit.jupiter.api.Test;

class WebhookSecretTest {

  @Test
  void aNewSecretIsWhsecAndTheBase64OfItsThirtyTwoByteKey() {
    WebhookSecret secret = WebhookSecret.generate();

    assertThat(secret.value()).startsWith("whsec_");
    byte[] decoded = Base64.getDecoder().decode(secret.value().substring("whsec_".length()));
    assertThat(decoded).hasSize(32).isEqualTo(secret.key());
  }

  @Test
  void twoNewSecretsDiffer() {
    assertThat(WebhookSecret.generate()).isNotEqualTo(WebhookSecret.generate());
  }

  @Test
  void readsASecretOfTwentyFourBytesAsTheStandardAllows() {
    byte[] key = new byte[24];
    key[0] = 7;
    WebhookSecret secret = new WebhookSecret("whsec_" + Base64.getEncoder().encodeToString(key));

    assertThat(secret.key()).isEqualTo(key);
  }

  @Test
  void refusesValuesThatAreNotSecrets() {
    assertThatThrownBy(() -> new WebhookSecret("sk_abc"))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> new WebhookSecret("whsec_!!!"))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(
            () -> new WebhookSecret("whsec_" + Base64.getEncoder().encodeToString(new byte[8])))
        .isInstanceOf(IllegalArgumentException.class);
  }

  @Test
  void neverPrintsItself() {
    WebhookSecret secret = WebhookSecret.generate();

    assertThat(secret.toString()).doesNotContain(secret.value().substring(6));
  }
}
