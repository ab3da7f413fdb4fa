package io.cardgen.common.webhook;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.security.SecureRandom;
import java.util.Base64;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;

class SecretSealingTest {

  private static final UUID ACCOUNT = UUID.fromString("7d1c9a52-3c1e-4b8e-9f0a-1b2c3d4e5f60");
  private static final UUID OTHER_ACCOUNT = UUID.fromString("0e9d8c7b-6a59-4837-a2b1-c0d9e8f7a6b5");

  private final String oldKey = aKey();
  private final String newKey = aKey();
  private final WebhookSecret secret = WebhookSecret.generate();

  @Test
  void aSealedSecretOpensToTheSameSecretAndHoldsNoPlainText() {
    SecretSealing sealing = SecretSealing.fromSettings(newKey, List.of());

    String stored = sealing.seal(ACCOUNT, secret);

    String keyId = SealingKey.parse(newKey, "test").id();
    assertThat(stored)
        .startsWith("sealed:v1:" + keyId + ":")
        .doesNotContain("whsec_")
        .doesNotContain(secret.value().substring("whsec_".length()));
    assertThat(sealing.open(ACCOUNT, stored)).isEqualTo(secret);
    assertThat(sealing.isUpToDate(stored)).isTrue();
  }

  @Test
  void theStoredFormIsNonceCiphertextAndTagInBase64() {
    String stored = SecretSealing.fromSettings(newKey, List.of()).seal(ACCOUNT, secret);

    byte[] sealed = Base64.getDecoder().decode(stored.substring(stored.lastIndexOf(':') + 1));

    // 12-byte nonce, the 50 characters of whsec_ + base64(32 bytes), a 16-byte tag
    assertThat(sealed).hasSize(12 + secret.value().length() + 16);
  }

  @Test
  void sealingTheSameSecretTwiceUsesTwoNonces() {
    SecretSealing sealing = SecretSealing.fromSettings(newKey, List.of());

    assertThat(sealing.seal(ACCOUNT, secret)).isNotEqualTo(sealing.seal(ACCOUNT, secret));
  }

  @Test
  void aSealedValueCopiedToAnotherAccountDoesNotOpen() {
    SecretSealing sealing = SecretSealing.fromSettings(newKey, List.of());
    String stored = sealing.seal(ACCOUNT, secret);

    assertThatThrownBy(() -> sealing.open(OTHER_ACCOUNT, stored))
        .isInstanceOf(UnreadableSecretException.class)
        .hasMessageContaining(OTHER_ACCOUNT.toString())
        .hasMessageContaining("sealed for another account");
  }

  @Test
  void anAlteredCiphertextDoesNotOpen() {
    SecretSealing sealing = SecretSealing.fromSettings(newKey, List.of());
    String stored = sealing.seal(ACCOUNT, secret);
    String prefix = stored.substring(0, stored.lastIndexOf(':') + 1);
    byte[] sealed = Base64.getDecoder().decode(stored.substring(prefix.length()));

    for (int at : new int[] {0, 12, sealed.length - 1}) {
      byte[] altered = sealed.clone();
      altered[at] ^= 1;
      String tampered = prefix + Base64.getEncoder().encodeToString(altered);
      assertThatThrownBy(() -> sealing.open(ACCOUNT, tampered))
          .as("byte %d flipped", at)
          .isInstanceOf(UnreadableSecretException.class);
    }
    assertThatThrownBy(() -> sealing.open(ACCOUNT, prefix + "AAAA"))
        .isInstanceOf(UnreadableSecretException.class)
        .hasMessageContaining("cut short");
    assertThatThrownBy(() -> sealing.open(ACCOUNT, prefix + "not base64!"))
        .isInstanceOf(UnreadableSecretException.class);
  }

  @Test
  void aValueSealedUnderAPreviousKeyStillOpensAndIsDueForResealing() {
    String stored = SecretSealing.fromSettings(oldKey, List.of()).seal(ACCOUNT, secret);
    SecretSealing rotated = SecretSealing.fromSettings(newKey, List.of(oldKey));

    assertThat(rotated.open(ACCOUNT, stored)).isEqualTo(secret);
    assertThat(rotated.isUpToDate(stored)).isFalse();
    assertThat(rotated.seal(ACCOUNT, secret)).startsWith(rotated.currentPrefix());
  }

  @Test
  void aValueSealedUnderAKeyNotConfiguredFailsCleanlyNamingTheKeyAndNoSecret() {
    String stored = SecretSealing.fromSettings(oldKey, List.of()).seal(ACCOUNT, secret);
    String oldKeyId = SealingKey.parse(oldKey, "test").id();

    assertThatThrownBy(() -> SecretSealing.fromSettings(newKey, List.of()).open(ACCOUNT, stored))
        .isInstanceOf(UnreadableSecretException.class)
        .hasMessageContaining("sealed under key " + oldKeyId + ", which is not configured")
        .hasMessageContaining("previous-sealing-keys")
        .message()
        .doesNotContain(secret.value().substring(6), oldKey, newKey);
    assertThatThrownBy(() -> SecretSealing.unsealed().open(ACCOUNT, stored))
        .isInstanceOf(UnreadableSecretException.class)
        .hasMessageContaining("no sealing key is configured");
  }

  @Test
  void aPlainLegacySecretOpensAsItIsAndIsDueForSealingOnlyWhenAKeyIsSet() {
    SecretSealing sealing = SecretSealing.fromSettings(newKey, List.of());

    assertThat(sealing.open(ACCOUNT, secret.value())).isEqualTo(secret);
    assertThat(sealing.isUpToDate(secret.value())).isFalse();
    assertThat(SecretSealing.unsealed().isUpToDate(secret.value())).isTrue();
  }

  @Test
  void withoutAKeySecretsAreStoredPlainAsBefore() {
    SecretSealing unsealed = SecretSealing.fromSettings("  ", List.of(""));

    assertThat(unsealed.seals()).isFalse();
    assertThat(unsealed.seal(ACCOUNT, secret)).isEqualTo(secret.value());
    assertThat(unsealed.open(ACCOUNT, secret.value())).isEqualTo(secret);
  }

  @Test
  void valuesThatAreNeitherPlainNorSealedInAKnownFormDoNotOpen() {
    SecretSealing sealing = SecretSealing.fromSettings(newKey, List.of());
    String keyId = SealingKey.parse(newKey, "test").id();

    assertThatThrownBy(() -> sealing.open(ACCOUNT, "sk_live_123"))
        .isInstanceOf(UnreadableSecretException.class)
        .hasMessageContaining("neither a whsec_ secret nor a sealed one");
    assertThatThrownBy(() -> sealing.open(ACCOUNT, "sealed:v2:" + keyId + ":AAAA"))
        .isInstanceOf(UnreadableSecretException.class)
        .hasMessageContaining("form this version does not read");
  }

  @Test
  void malformedKeysAreRefusedNamingTheSettingButNotTheValue() {
    String short31 = Base64.getEncoder().encodeToString(new byte[31]);
    String long33 = Base64.getEncoder().encodeToString(new byte[33]);

    assertThatThrownBy(() -> SecretSealing.fromSettings("not base64 at all!", List.of()))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("cardgen.webhooks.sealing-key (CARDGEN_WEBHOOKS_SEALING_KEY)")
        .hasMessageContaining("openssl rand -base64 32")
        .message()
        .doesNotContain("not base64 at all!");
    assertThatThrownBy(() -> SecretSealing.fromSettings(short31, List.of()))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("decodes to 31 bytes")
        .message()
        .doesNotContain(short31);
    assertThatThrownBy(() -> SecretSealing.fromSettings(newKey, List.of(oldKey, long33)))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("previous-sealing-keys")
        .hasMessageContaining("entry 2")
        .hasMessageContaining("decodes to 33 bytes");
    assertThatThrownBy(() -> SecretSealing.fromSettings("", List.of(oldKey)))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("is set but");
  }

  @Test
  void aKeysIdIsDerivedFromItAndPrintingNeverShowsAKey() {
    SealingKey key = SealingKey.parse(newKey, "test");

    assertThat(key.id()).matches("[0-9a-f]{16}").isEqualTo(SealingKey.parse(newKey, "t").id());
    assertThat(SealingKey.parse(oldKey, "test").id()).isNotEqualTo(key.id());
    assertThat(key.toString()).isEqualTo("SealingKey[" + key.id() + "]");
    SecretSealing sealing = SecretSealing.fromSettings(newKey, List.of(oldKey));
    assertThat(sealing.toString())
        .contains(key.id())
        .contains(SealingKey.parse(oldKey, "test").id())
        .doesNotContain(newKey, oldKey);
  }

  private static String aKey() {
    byte[] key = new byte[32];
    new SecureRandom().nextBytes(key);
    return Base64.getEncoder().encodeToString(key);
  }
}
