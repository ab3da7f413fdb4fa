package io.cardgen.standalone;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Set;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The standalone's data directory is made its owner's alone ({@code rwx------}): it holds the
 * database files, the photos S3Proxy keeps as plain files and the secrets' files, none of them
 * anyone else's to read, whatever the umask would make of a directory. One that exists already is
 * left as it is, with a warning when others can enter it.
 */
final class DataDirectory {

  private static final Logger log = LoggerFactory.getLogger(DataDirectory.class);
  private static final Set<PosixFilePermission> OWNER_ONLY =
      PosixFilePermissions.fromString("rwx------");

  private DataDirectory() {}

  static void prepare(Path directory) throws IOException {
    boolean posix = directory.getFileSystem().supportedFileAttributeViews().contains("posix");
    if (!Files.exists(directory)) {
      if (posix) {
        Files.createDirectories(directory, PosixFilePermissions.asFileAttribute(OWNER_ONLY));
      } else {
        Files.createDirectories(directory);
      }
      return;
    }
    // An existing directory is not changed: it may be shared on purpose (or be /tmp).
    if (posix && !Files.getPosixFilePermissions(directory).equals(OWNER_ONLY)) {
      log.warn(
          "{} is open to more than its owner; the database files and photos in it can be read by"
              + " them: chmod 700 {}",
          directory,
          directory);
    }
  }
}
