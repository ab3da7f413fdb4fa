package io.cardgen.standalone;

import io.cardgen.common.webhook.SealingKey;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.SecureRandom;
import java.sql.SQLException;
import java.util.Base64;
import java.util.Set;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The standalone's webhook sealing key (ADR 0047), kept in its data directory beside the database
 * whose secrets it seals: made at the first start without {@code CARDGEN_WEBHOOKS_SEALING_KEY},
 * read at every later one. The file is its owner's alone ({@code rw-------}); losing it loses the
 * webhook secrets, which the admin API then issues anew, so a start that finds no file but sealed
 * secrets in the database stops rather than make a key that cannot open them.
 */
final class SealingKeyFile {

  static final String NAME = "webhook-sealing-key";
  private static final Logger log = LoggerFactory.getLogger(SealingKeyFile.class);
  private static final Set<PosixFilePermission> OWNER_ONLY =
      PosixFilePermissions.fromString("rw-------");

  private SealingKeyFile() {}

  /** Counts the secrets already sealed in the database, which a new key could not open. */
  @FunctionalInterface
  interface SealedSecrets {
    long count() throws SQLException;
  }

  /**
   * The key kept in {@code dataDir}, made first if there is none and the database holds no secret
   * sealed under an earlier one.
   *
   * @throws IllegalStateException when the file holds no valid key, or is missing while {@code
   *     sealed} finds secrets: naming the file, never its content
   */
  static String loadOrCreate(Path dataDir, SealedSecrets sealed) throws IOException, SQLException {
    Path file = dataDir.resolve(NAME);
    if (!Files.exists(file)) {
      long unopenable = sealed.count();
      if (unopenable > 0) {
        throw new StartRefused(
            "The webhook sealing key file "
                + file
                + " is missing, but the database holds "
                + unopenable
                + " account(s) with webhook secrets sealed under a key. "
                + restoreOrReplace(file));
      }
      String created = newKey();
      if (create(file, created)) {
        log.info(
            "Webhook secrets are sealed with a new key, kept in {}: back it up with the data",
            file);
        return created;
      }
      // Another process starting on the same data directory made it first: theirs is the key.
    }
    keepOwnerOnly(file);
    String key;
    try {
      key = Files.readString(file, StandardCharsets.US_ASCII).strip();
      SealingKey.parse(key, file.toString());
    } catch (IllegalArgumentException | CharacterCodingException malformed) {
      String what =
          malformed instanceof CharacterCodingException
              ? file + " is not base64 text (written in another encoding?)"
              : malformed.getMessage();
      // The exception's own message never quotes the file's content, so neither does this one.
      throw new StartRefused(what + ". " + restoreOrReplace(file), malformed);
    }
    log.info("Webhook secrets are sealed with the key in {}", file);
    return key;
  }

  /** What the operator can do about a key file that is missing or damaged. */
  private static String restoreOrReplace(Path file) {
    return "Restore the file from a backup of the data directory (or set"
        + " CARDGEN_WEBHOOKS_SEALING_KEY to its key). To start without it, the secrets sealed under"
        + " it being lost and to be issued again (POST /admin/accounts/{id}/webhook-secret), write"
        + " a new key into the file: openssl rand -base64 32 > "
        + file;
  }

  /**
   * Writes the key whole to a file of the owner's alone, forced to the disk, and links it into
   * place unless a file is there already: a start interrupted halfway leaves no half a key, a power
   * cut after the database sealed with it no empty file, and of two starts racing on one data
   * directory the second takes the first's key instead of replacing it.
   *
   * @return false when another process made the file first
   */
  private static boolean create(Path file, String key) throws IOException {
    Path partial =
        posix(file)
            ? Files.createTempFile(
                file.getParent(), NAME, ".tmp", PosixFilePermissions.asFileAttribute(OWNER_ONLY))
            : Files.createTempFile(file.getParent(), NAME, ".tmp");
    try {
      try (FileChannel channel = FileChannel.open(partial, StandardOpenOption.WRITE)) {
        channel.write(ByteBuffer.wrap((key + "\n").getBytes(StandardCharsets.US_ASCII)));
        channel.force(true);
      }
      try {
        link(partial, file);
      } catch (FileAlreadyExistsException madeMeanwhile) {
        return false;
      }
      forceDirectory(file.getParent());
      return true;
    } finally {
      Files.deleteIfExists(partial);
    }
  }

  private static void link(Path partial, Path file) throws IOException {
    try {
      Files.createLink(file, partial);
    } catch (FileAlreadyExistsException taken) {
      throw taken;
    } catch (UnsupportedOperationException | FileSystemException noHardLinks) {
      // Without hard links a move that replaces nothing; not atomic against a racing start.
      Files.move(partial, file);
    }
  }

  /** The new directory entry survives a power cut only once the directory itself is forced. */
  private static void forceDirectory(Path directory) {
    try (FileChannel channel = FileChannel.open(directory, StandardOpenOption.READ)) {
      channel.force(true);
    } catch (IOException notSupported) {
      // Some file systems cannot open a directory; the file itself is on the disk already.
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
