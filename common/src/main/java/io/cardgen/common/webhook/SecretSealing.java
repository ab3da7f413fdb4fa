package io.cardgen.common.webhook;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import javax.crypto.Cipher;
import javax.crypto.spec.GCMParameterSpec;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * How webhook secrets are kept in {@code accounts} (ADR 0047): sealed with AES-256-GCM under the
 * operator's {@link SealingKey}, so a database dump or backup holds no secret that signs.
 *
 * <p>The stored form is {@code sealed:v1:<key id>:<base64 of nonce ‖ ciphertext ‖ tag>}: a 12-byte
 * random nonce, the secret's {@code whsec_…} text encrypted, a 128-bit tag. The associated data is
 * {@code webhook-secret:<account id>}, so a value copied into another account's row does not open.
 * A value without the {@code sealed:} prefix is a plain {@code whsec_…} secret, as every row held
 * before sealing, and still opens; a plain value is re-sealed by whoever reads it next with a key
 * at hand ({@link #isUpToDate}).
 *
 * <p>The current key seals; it and the previous keys open, each value found by the key id it names.
 * Without a current key, secrets are stored plain, as before sealing existed. Gateway (rotation)
 * and worker (delivery) build it from the same settings, {@link #fromSettings}.
 */
public final class SecretSealing {

  public static final String SEALING_KEY_SETTING =
      "cardgen.webhooks.sealing-key (CARDGEN_WEBHOOKS_SEALING_KEY)";
  public static final String PREVIOUS_KEYS_SETTING =
      "cardgen.webhooks.previous-sealing-keys (CARDGEN_WEBHOOKS_PREVIOUS_SEALING_KEYS)";

  /** What a service logs once at start when it has no key: secrets are then stored plain. */
  public static final String UNSEALED_WARNING =
      "Webhook signing secrets are stored UNSEALED, as plain text in the accounts table: a"
          + " database dump or backup lets its reader sign webhooks as this service. Set "
          + SEALING_KEY_SETTING
          + " to the base64 of 32 random bytes (openssl rand -base64 32), the same on every"
          + " gateway and worker (docs/operations.md, \"Webhook secrets at rest\").";

  private static final Logger log = LoggerFactory.getLogger(SecretSealing.class);
  private static final String PREFIX = "sealed:";
  private static final String VERSION = "v1";
  private static final String TRANSFORMATION = "AES/GCM/NoPadding";
  private static final int NONCE_BYTES = 12;
  private static final int TAG_BITS = 128;
  private static final SecureRandom RANDOM = new SecureRandom();

  private final SealingKey current;
  private final Map<String, SealingKey> keys = new LinkedHashMap<>();

  private SecretSealing(SealingKey current, List<SealingKey> previous) {
    this.current = current;
    if (current != null) {
      keys.put(current.id(), current);
    }
    previous.forEach(key -> keys.putIfAbsent(key.id(), key));
  }

  /** No key: secrets are stored plain, and a sealed one found does not open. */
  public static SecretSealing unsealed() {
    return new SecretSealing(null, List.of());
  }

  /** Seals with {@code current}; opens what it or any of {@code previous} sealed. */
  private static SecretSealing with(SealingKey current, List<SealingKey> previous) {
    return new SecretSealing(current, previous);
  }

  /**
   * From the operator's settings, both base64: a blank {@code sealingKey} means no sealing; blank
   * entries of {@code previousSealingKeys} are ignored.
   *
   * @throws IllegalArgumentException naming the setting (never its value) when a key is malformed,
   *     or when previous keys are set without a current one
   */
  public static SecretSealing fromSettings(String sealingKey, List<String> previousSealingKeys) {
    List<SealingKey> previous = new ArrayList<>();
    for (String entry : previousSealingKeys == null ? List.<String>of() : previousSealingKeys) {
      if (entry != null && !entry.isBlank()) {
        previous.add(
            SealingKey.parse(entry, PREVIOUS_KEYS_SETTING + ", entry " + (previous.size() + 1)));
      }
    }
    if (sealingKey == null || sealingKey.isBlank()) {
      if (!previous.isEmpty()) {
        throw new IllegalArgumentException(
            PREVIOUS_KEYS_SETTING + " is set but " + SEALING_KEY_SETTING + " is not: set both");
      }
      return unsealed();
    }
    return with(SealingKey.parse(sealingKey, SEALING_KEY_SETTING), previous);
  }

  /** Whether {@code stored} is sealed (under any key), as opposed to a plain secret. */
  public static boolean isSealed(String stored) {
    return stored.startsWith(PREFIX);
  }

  /** Whether new values are sealed; without a key they are stored plain. */
  public boolean seals() {
    return current != null;
  }

  /**
   * Says once, in the log of the service that starts with it, how secrets are kept: under which
   * keys, or the warning that they are stored plain. Gateway and worker both call it at start.
   */
  public SecretSealing announced() {
    if (seals()) {
      log.info("Webhook secrets are {}", this);
    } else {
      log.warn(UNSEALED_WARNING);
    }
    return this;
  }

  /** The stored form of {@code secret} for {@code account}: sealed under the current key if any. */
  public String seal(UUID account, WebhookSecret secret) {
    if (current == null) {
      return secret.value();
    }
    byte[] nonce = new byte[NONCE_BYTES];
    RANDOM.nextBytes(nonce);
    try {
      Cipher cipher = cipher(Cipher.ENCRYPT_MODE, current, nonce, account);
      byte[] sealed = cipher.doFinal(utf8(secret.value()));
      ByteBuffer stored = ByteBuffer.allocate(nonce.length + sealed.length).put(nonce).put(sealed);
      return prefixOf(current) + Base64.getEncoder().encodeToString(stored.array());
    } catch (GeneralSecurityException impossible) {
      throw new IllegalStateException("AES/GCM is required by every JVM", impossible);
    }
  }

  /**
   * The secret a stored value holds: a plain {@code whsec_…} one as it is, a sealed one opened with
   * the key it names.
   *
   * @throws UnreadableSecretException when it cannot be opened: a key not configured, a value
   *     altered or copied from another account, a form this version does not know. The message is
   *     for operators and holds no secret.
   */
  public WebhookSecret open(UUID account, String stored) {
    if (!isSealed(stored)) {
      return secret(account, stored, "is neither a whsec_ secret nor a sealed one");
    }
    String[] parts = stored.split(":", 4);
    if (parts.length != 4 || !parts[1].equals(VERSION)) {
      throw unreadable(account, "is sealed in a form this version does not read");
    }
    SealingKey key = keys.get(parts[2]);
    if (key == null) {
      throw unreadable(account, notConfigured(parts[2]));
    }
    return opened(account, key, parts[3]);
  }

  private static WebhookSecret opened(UUID account, SealingKey key, String base64) {
    byte[] sealed;
    try {
      sealed = Base64.getDecoder().decode(base64);
    } catch (IllegalArgumentException notBase64) {
      throw unreadable(account, "is a sealed value cut short or altered");
    }
    if (sealed.length <= NONCE_BYTES + TAG_BITS / 8) {
      throw unreadable(account, "is a sealed value cut short or altered");
    }
    try {
      byte[] plain =
          cipher(Cipher.DECRYPT_MODE, key, sealed, account)
              .doFinal(sealed, NONCE_BYTES, sealed.length - NONCE_BYTES);
      return secret(
          account,
          new String(plain, StandardCharsets.UTF_8),
          "opens to something that is not a webhook secret");
    } catch (GeneralSecurityException wrongKeyTagOrAccount) {
      throw unreadable(
          account,
          "does not open with key " + key.id() + ": altered, or sealed for another account");
    }
  }

  private static WebhookSecret secret(UUID account, String value, String whenNot) {
    try {
      return new WebhookSecret(value);
    } catch (IllegalArgumentException notASecret) {
      throw unreadable(account, whenNot);
    }
  }

  /**
   * Whether {@code stored} is in the form {@link #seal} writes now, so needs no re-sealing: sealed
   * under the current key. Without a key every value is left as it is.
   */
  public boolean isUpToDate(String stored) {
    return current == null || stored.startsWith(prefixOf(current));
  }

  /** The start of every value the current key seals, {@code sealed:v1:<key id>:}. */
  public String currentPrefix() {
    if (current == null) {
      throw new IllegalStateException("no sealing key is configured");
    }
    return prefixOf(current);
  }

  /**
   * For the start-up log, after "Webhook secrets are": which key seals and which others open. Never
   * a key.
   */
  @Override
  public String toString() {
    if (current == null) {
      return "stored unsealed";
    }
    List<String> older = keys.keySet().stream().skip(1).toList();
    return "sealed at rest (AES-256-GCM) under key "
        + current.id()
        + (older.isEmpty() ? "" : "; previous keys that still open: " + String.join(", ", older));
  }

  private String notConfigured(String keyId) {
    return current == null
        ? "is sealed under key "
            + keyId
            + " but no sealing key is configured: set "
            + SEALING_KEY_SETTING
            + " to that key"
        : "is sealed under key "
            + keyId
            + ", which is not configured: add it to "
            + PREVIOUS_KEYS_SETTING
            + ", or issue a new secret (POST /admin/accounts/{id}/webhook-secret)";
  }

  private static String prefixOf(SealingKey key) {
    return PREFIX + VERSION + ":" + key.id() + ":";
  }

  /** AES-GCM with the nonce at the start of {@code nonce}, bound to the account. */
  private static Cipher cipher(int mode, SealingKey key, byte[] nonce, UUID account)
      throws GeneralSecurityException {
    Cipher cipher = Cipher.getInstance(TRANSFORMATION);
    cipher.init(mode, key.key(), new GCMParameterSpec(TAG_BITS, nonce, 0, NONCE_BYTES));
    cipher.updateAAD(utf8("webhook-secret:" + account));
    return cipher;
  }

  private static UnreadableSecretException unreadable(UUID account, String why) {
    return new UnreadableSecretException("webhook secret of account " + account + " " + why);
  }

  private static byte[] utf8(String text) {
    return text.getBytes(StandardCharsets.UTF_8);
  }
}
