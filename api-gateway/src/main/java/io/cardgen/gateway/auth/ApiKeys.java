package io.cardgen.gateway.auth;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;
import java.util.Base64;
import java.util.HexFormat;

/**
 * API keys: 256 random bits shown once; only their SHA-256 is stored. A fast hash is enough here
 * because the key is random, not a password: there is no dictionary to grind through.
 */
public final class ApiKeys {

  private static final String PREFIX = "cg_";
  private static final SecureRandom RANDOM = new SecureRandom();

  private ApiKeys() {}

  public static String generate() {
    byte[] bytes = new byte[32];
    RANDOM.nextBytes(bytes);
    return PREFIX + Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
  }

  public static String hash(String apiKey) {
    try {
      MessageDigest digest = MessageDigest.getInstance("SHA-256");
      return HexFormat.of().formatHex(digest.digest(apiKey.getBytes(StandardCharsets.UTF_8)));
    } catch (NoSuchAlgorithmException impossible) {
      throw new IllegalStateException("SHA-256 is required by every JVM", impossible);
    }
  }
}
