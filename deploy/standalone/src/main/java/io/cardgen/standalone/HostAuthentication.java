package io.cardgen.standalone;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.Arrays;
import java.util.List;
import java.util.regex.Pattern;

/**
 * The embedded server's {@code pg_hba.conf}, read for whether it trusts local users (zonky's {@code
 * initdb -A trust}, the standalone's default before ADR 0056) and rewritten to ask for passwords.
 */
final class HostAuthentication {

  static final String FILE = "pg_hba.conf";
  private static final String TRUST = "trust";
  private static final String PASSWORD = "scram-sha-256";
  private static final Pattern FIELDS = Pattern.compile("[ \\t]+");

  private final Path file;

  HostAuthentication(Path dataDirectory) {
    this.file = dataDirectory.resolve(FILE);
  }

  /** Whether any rule lets a connection in without a password; false before initdb has run. */
  boolean trustsLocalUsers() throws IOException {
    return Files.exists(file) && lines().stream().anyMatch(HostAuthentication::trusts);
  }

  /** Whether the directory exists and no rule of it trusts: then only a password gets in. */
  boolean asksForPasswords() throws IOException {
    return Files.exists(file) && !trustsLocalUsers();
  }

  /**
   * Replaces {@code trust} by {@code scram-sha-256} in every rule, written to a copy first and
   * moved into place, so the server never reads half a file.
   */
  void askForPasswords() throws IOException {
    List<String> rewritten =
        lines().stream().map(line -> trusts(line) ? askingForPassword(line) : line).toList();
    Path partial = file.resolveSibling(FILE + ".tmp");
    Files.write(partial, rewritten, StandardCharsets.UTF_8);
    if (file.getFileSystem().supportedFileAttributeViews().contains("posix")) {
      // initdb made the file its owner's alone; the copy is created with the umask's rights.
      Files.setPosixFilePermissions(partial, Files.getPosixFilePermissions(file));
    }
    // On the disk before it replaces the file: a power cut must not leave an empty one, with
    // which no connection at all gets in.
    try (FileChannel channel = FileChannel.open(partial, StandardOpenOption.WRITE)) {
      channel.force(true);
    }
    Files.move(partial, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    try (FileChannel directory = FileChannel.open(file.getParent(), StandardOpenOption.READ)) {
      directory.force(true);
    } catch (IOException notSupported) {
      // Some file systems cannot open a directory; the rename is as durable as they make it.
    }
  }

  private List<String> lines() throws IOException {
    return Files.readAllLines(file, StandardCharsets.UTF_8);
  }

  private static boolean trusts(String line) {
    return Arrays.asList(fields(line)).contains(TRUST);
  }

  private static String askingForPassword(String line) {
    String[] fields = fields(line);
    for (int i = 0; i < fields.length; i++) {
      if (fields[i].equals(TRUST)) {
        fields[i] = PASSWORD;
      }
    }
    return String.join(" ", fields);
  }

  /** A rule's fields, its comment left out; none for a comment or a blank line. */
  private static String[] fields(String line) {
    int comment = line.indexOf('#');
    String rule = (comment < 0 ? line : line.substring(0, comment)).strip();
    return rule.isEmpty() ? new String[0] : FIELDS.split(rule);
  }
}
