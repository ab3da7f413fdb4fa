package io.cardgen.standalone;

import java.io.IOException;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Pattern;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The password of an embedded service (PostgreSQL, S3), kept in the data directory beside the
 * service's data: made at the first start, read at every later one, so a local user of the machine
 * who is not the standalone's owner cannot reach the service behind the API.
 */
final class ServicePassword {

  // What newPassword() makes, and what needs no quoting in a SQL literal, a URL or a shell.
  private static final Pattern SHAPE = Pattern.compile("[A-Za-z0-9_-]{16,256}");
  private static final Logger log = LoggerFactory.getLogger(ServicePassword.class);

  private ServicePassword() {}

  /**
   * The password kept in {@code file}, made first if there is none.
   *
   * @throws StartRefused when the file holds no password of the expected shape: naming the file,
   *     never its content
   */
  static String loadOrCreate(Path file, String service) throws IOException {
    if (!Files.exists(file)) {
      String created = OwnerOnlyFile.newPassword();
      if (OwnerOnlyFile.create(file, created)) {
        log.info("The embedded {} asks for a password, kept in {}", service, file);
        return created;
      }
      // Another process starting on the same data directory made it first: theirs is the password.
    }
    OwnerOnlyFile.keepOwnerOnly(file);
    String password;
    try {
      password = Files.readString(file, StandardCharsets.US_ASCII).strip();
    } catch (CharacterCodingException notAscii) {
      throw new StartRefused(damaged(file, service), notAscii);
    }
    if (!SHAPE.matcher(password).matches()) {
      throw new StartRefused(damaged(file, service));
    }
    return password;
  }

  private static String damaged(Path file, String service) {
    return "The embedded "
        + service
        + "'s password file "
        + file
        + " holds no password (16 to 256 letters, digits, '-' or '_' on one line)."
        + " Restore it from a backup of the data directory.";
  }
}
