package io.cardgen.gateway.admin;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.Base64;
import java.util.List;
import org.junit.jupiter.api.Test;

class WebhookSecretPropertiesTest {

  private static final String KEY = Base64.getEncoder().encodeToString(new byte[32]);
  private static final String OLD_KEY =
      Base64.getEncoder().encodeToString("an older key of thirty-two bytes".getBytes());

  @Test
  void theKeysNeverAppearInTheTextForm() {
    String text =
        new WebhookSecretProperties(KEY, List.of(OLD_KEY), Duration.ofHours(24)).toString();

    assertThat(text).doesNotContain(KEY, OLD_KEY).contains("(hidden)", "PT24H");
    assertThat(new WebhookSecretProperties("", List.of(), Duration.ZERO).toString())
        .contains("(none)");
  }

  @Test
  void aMalformedKeyIsRefusedWithTheSettingsNameAndWithoutItsValue() {
    String tooShort = Base64.getEncoder().encodeToString(new byte[16]);
    WebhookSecretProperties properties =
        new WebhookSecretProperties(tooShort, List.of(), Duration.ofHours(24));

    assertThatThrownBy(properties::sealing)
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("CARDGEN_WEBHOOKS_SEALING_KEY")
        .hasMessageContaining("decodes to 16 bytes")
        .message()
        .doesNotContain(tooShort);
  }

  @Test
  void aWellFormedKeySealsAndNoneLeavesSecretsPlain() {
    assertThat(new WebhookSecretProperties(KEY, null, Duration.ZERO).sealing().seals()).isTrue();
    assertThat(new WebhookSecretProperties(null, null, Duration.ZERO).sealing().seals()).isFalse();
  }

  @Test
  void aNegativeOverlapIsRefused() {
    assertThatThrownBy(() -> new WebhookSecretProperties("", List.of(), Duration.ofSeconds(-1)))
        .hasMessageContaining("rotation-overlap");
  }
}
