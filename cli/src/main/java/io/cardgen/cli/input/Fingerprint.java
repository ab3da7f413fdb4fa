package io.cardgen.cli.input;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.Map;
import java.util.TreeMap;

/**
 * Derives the batch's {@code Idempotency-Key} from what is submitted: the normalized items in
 * order, the webhook URL and the metadata. The same file submitted again (even with its columns
 * reordered or its JSON keys shuffled) gets the same key, so the service answers with the batch it
 * already has instead of creating and charging a second one; any change to an item gives a new key.
 */
final class Fingerprint {

  /** Bumped if normalization ever changes, so old and new keys cannot collide by accident. */
  private static final String VERSION = "cardgen-batch-v1";

  private final MessageDigest digest;

  Fingerprint() {
    try {
      digest = MessageDigest.getInstance("SHA-256");
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("every JVM has SHA-256", e);
    }
    update(VERSION);
  }

  /** One normalized item line, without its line break. */
  void item(byte[] line) {
    digest.update(line);
    digest.update((byte) '\n');
  }

  /**
   * {@code cli-} and 64 hex digits: within the key syntax (1–100 of {@code A-Za-z0-9._:-}).
   *
   * @param retryOf the batch whose failed items these are, or null; without one the key is the same
   *     as before retries existed
   */
  String key(String webhookUrl, Map<String, String> metadata, String retryOf) {
    if (retryOf != null) {
      update("retry_of");
      update(retryOf);
    }
    update("webhook_url");
    update(webhookUrl == null ? "" : webhookUrl);
    for (Map.Entry<String, String> pair : new TreeMap<>(metadata).entrySet()) {
      update(pair.getKey());
      update(pair.getValue());
    }
    return "cli-" + HexFormat.of().formatHex(digest.digest());
  }

  /** Length-prefixed, so ("ab", "c") and ("a", "bc") never hash alike. */
  private void update(String value) {
    byte[] bytes = value.getBytes(StandardCharsets.UTF_8);
    digest.update((bytes.length + ":").getBytes(StandardCharsets.US_ASCII));
    digest.update(bytes);
  }
}
