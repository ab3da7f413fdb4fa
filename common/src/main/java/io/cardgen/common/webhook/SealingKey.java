package io.cardgen.common.webhook;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Base64;
import java.util.HexFormat;
import javax.crypto.SecretKey;
import javax.crypto.spec.SecretKeySpec;

/**
 * An AES-256 key that seals webhook secrets at rest ({@link SecretSealing}), as an operator gives
 * it: the standard base64 of exactly 32 random bytes ({@code openssl rand -base64 32}).
 *
 * <p>Its id is derived from the key, not chosen: the first 8 bytes, in hex, of SHA-256 over a fixed
 * label and the key. A sealed value names the id of the key that sealed it, so an operator can
 * rotate keys without naming them, and an id can never point at the wrong key. The id reveals
 * nothing about the key and may be logged; the key itself never is.
 */
public final class SealingKey {

  static final int BYTES = 32;
  private static final byte[] ID_LABEL =
      "cardgen webhook secret sealing key id\0".getBytes(StandardCharsets.US_ASCII);
  private static final String HOW_TO_MAKE_ONE = " (make one with: openssl rand -base64 32)";

  private final SecretKey key;
  private final String id;

  private SealingKey(byte[] key) {
    this.key = new SecretKeySpec(key, "AES");
    this.id = idOf(key);
  }

  /**
   * @param setting what the operator set, for the message (a property name or a file); never the
   *     value itself
   * @throws IllegalArgumentException when {@code base64} is not the base64 of exactly 32 bytes; the
   *     message names {@code setting} and how to make a key, never the value
   */
  public static SealingKey parse(String base64, String setting) {
    byte[] key;
    try {
      key = Base64.getDecoder().decode(base64.strip());
    } catch (IllegalArgumentException notBase64) {
      throw new IllegalArgumentException(
          setting + " is not base64; it must be the base64 of 32 random bytes" + HOW_TO_MAKE_ONE);
    }
    if (key.length != BYTES) {
      throw new IllegalArgumentException(
          setting
              + " decodes to "
              + key.length
              + " bytes; it must be the base64 of exactly 32 random bytes"
              + HOW_TO_MAKE_ONE);
    }
    return new SealingKey(key);
  }

  /** The key's public name, 16 hex digits; what a sealed value stores. */
  public String id() {
    return id;
  }

  SecretKey key() {
    return key;
  }

  /** Never the key: its id only. */
  @Override
  public String toString() {
    return "SealingKey[" + id + "]";
  }

  private static String idOf(byte[] key) {
    try {
      MessageDigest sha256 = MessageDigest.getInstance("SHA-256");
      sha256.update(ID_LABEL);
      byte[] digest = sha256.digest(key);
      return HexFormat.of().formatHex(digest, 0, 8);
    } catch (NoSuchAlgorithmException impossible) {
      throw new IllegalStateException("SHA-256 is required by every JVM", impossible);
    }
  }
}
