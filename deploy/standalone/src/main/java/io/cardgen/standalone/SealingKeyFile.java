package io.cardgen.standalone;

import io.cardgen.common.webhook.SealingKey;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.SecureRandom;
import java.util.Base64;
import java.util.Set;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The standalone's webhook sealing key (ADR 0047), kept in its data directory beside the database
 * whose secrets it seals: made at the first start without {@code CARDGEN_WEBHOOKS_SEALING_KEY},
 * read at every later one. The file is its owner's alone ({@code rw-------}); losing it loses the
 * webhook secrets, which the admin API then issues anew.
 */
final class SealingKeyFile {

  static final String NAME = "webhook-sealing-key";
  private static final Logger log = LoggerFactory.getLogger(SealingKeyFile.class);
  private static final Set<PosixFilePermission> OWNER_ONLY =
      PosixFilePermissions.fromString("rw-------");

  private SealingKeyFile() {}

  /**
   * The key kept in {@code dataDir}, made first if there is none.
   *
   * @throws IllegalStateException when the file holds no valid key, naming the file, never its
   *     content
   */
  static String loadOrCreate(Path dataDir) throws IOException {
    Path file = dataDir.resolve(NAME);
    if (Files.exists(file)) {
      keepOwnerOnly(file);
      String key = Files.readString(file, StandardCharsets.US_ASCII).strip();
      try {
        SealingKey.parse(key, file.toString());
      } catch (IllegalArgumentException malformed) {
        throw new IllegalStateException(
            malformed.getMessage()
                + ". Restore the file from a backup of the data directory; without it the stored"
                + " webhook secrets are lost and must be issued again"
                + " (POST /admin/accounts/{id}/webhook-secret) after the file is removed",
            malformed);
      }
      log.info("Webhook secrets are sealed with the key in {}", file);
      return key;
    }
    String key = newKey();
    write(file, key);
    log.info(
        "Webhook secrets are sealed with a new key, kept in {}: back it up with the data", file);
    return key;
  }

  /**
   * Written whole to a file of the owner's alone, then moved into place: a start interrupted
   * halfway leaves no half a key behind.
   */
  private static void write(Path file, String key) throws IOException {
    Path partial =
        posix(file)
            ? Files.createTempFile(
                file.getParent(), NAME, ".tmp", PosixFilePermissions.asFileAttribute(OWNER_ONLY))
            : Files.createTempFile(file.getParent(), NAME, ".tmp");
    try {
      Files.writeString(partial, key + "\n", StandardCharsets.US_ASCII);
      Files.move(partial, file, StandardCopyOption.ATOMIC_MOVE);
    } finally {
      Files.deleteIfExists(partial);
    }
  }

  private static void keepOwnerOnly(Path file) throws IOException {
    if (posix(file) && !Files.getPosixFilePermissions(file).equals(OWNER_ONLY)) {
      Files.setPosixFilePermissions(file, OWNER_ONLY);
      log.warn("{} was open to more than its owner; it is rw------- now", file);
    }
  }

  private static boolean posix(Path file) {
    return file.getFileSystem().supportedFileAttributeViews().contains("posix");
  }

  private static String newKey() {
    byte[] key = new byte[32];
    new SecureRandom().nextBytes(key);
    return Base64.getEncoder().encodeToString(key);
  }
}
