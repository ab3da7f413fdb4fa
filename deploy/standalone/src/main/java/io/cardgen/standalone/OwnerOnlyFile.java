package io.cardgen.standalone;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.SecureRandom;
import java.util.Base64;
import java.util.Set;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A secret the standalone keeps in its data directory (the webhook sealing key, the embedded
 * services' passwords): one line of text in a file of its owner's alone ({@code rw-------}),
 * written whole or not at all.
 */
final class OwnerOnlyFile {

  private static final Logger log = LoggerFactory.getLogger(OwnerOnlyFile.class);
  private static final Set<PosixFilePermission> OWNER_ONLY =
      PosixFilePermissions.fromString("rw-------");
  private static final SecureRandom RANDOM = new SecureRandom();

  private OwnerOnlyFile() {}

  /** 32 random bytes as base64 text. */
  static String newSecret() {
    byte[] secret = new byte[32];
    RANDOM.nextBytes(secret);
    return Base64.getEncoder().encodeToString(secret);
  }

  /**
   * 32 random bytes as URL-safe base64 without padding: letters, digits, {@code -} and {@code _}
   * only, so the secret needs no quoting wherever it is written (a SQL literal, a URL, a shell).
   */
  static String newPassword() {
    byte[] secret = new byte[32];
    RANDOM.nextBytes(secret);
    return Base64.getUrlEncoder().withoutPadding().encodeToString(secret);
  }

  /**
   * Writes {@code content} whole to a file of the owner's alone, forced to the disk, and links it
   * into place unless a file is there already: a start interrupted halfway leaves no half a secret,
   * a power cut after the secret was used no empty file, and of two starts racing on one data
   * directory the second takes the first's secret instead of replacing it.
   *
   * @return false when another process made the file first
   */
  static boolean create(Path file, String content) throws IOException {
    String prefix = file.getFileName().toString();
    Path partial =
        posix(file)
            ? Files.createTempFile(
                file.getParent(), prefix, ".tmp", PosixFilePermissions.asFileAttribute(OWNER_ONLY))
            : Files.createTempFile(file.getParent(), prefix, ".tmp");
    try {
      try (FileChannel channel = FileChannel.open(partial, StandardOpenOption.WRITE)) {
        channel.write(ByteBuffer.wrap((content + "\n").getBytes(StandardCharsets.US_ASCII)));
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

  /** Takes back the rights of anyone but the owner, saying so, when a file had given them out. */
  static void keepOwnerOnly(Path file) throws IOException {
    if (posix(file) && !Files.getPosixFilePermissions(file).equals(OWNER_ONLY)) {
      Files.setPosixFilePermissions(file, OWNER_ONLY);
      log.warn("{} was open to more than its owner; it is rw------- now", file);
    }
  }

  static boolean ownerOnly(Path file) throws IOException {
    return !posix(file) || Files.getPosixFilePermissions(file).equals(OWNER_ONLY);
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

  private static boolean posix(Path file) {
    return file.getFileSystem().supportedFileAttributeViews().contains("posix");
  }
}
