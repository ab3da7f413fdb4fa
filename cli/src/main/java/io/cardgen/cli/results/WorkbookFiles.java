package io.cardgen.cli.results;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFileAttributeView;
import java.util.UUID;

/** Where a workbook is written before it replaces the old one. */
final class WorkbookFiles {

  private WorkbookFiles() {}

  /**
   * An empty file beside {@code target}, to be moved over it once written, with the permissions
   * {@code target} has, or those of any new file (the user's umask) when there is none yet. {@link
   * Files#createTempFile} makes it owner-only, unlike the CSV and JSONL outputs, and every run
   * reset a mode the user had given the workbook (to share it with a team folder, say).
   */
  static Path temporaryBeside(Path target) throws IOException {
    Path temporary =
        Files.createFile(
            target.toAbsolutePath().getParent().resolve(".cardgen-" + UUID.randomUUID() + ".xlsx"));
    if (Files.exists(target)
        && Files.getFileAttributeView(target, PosixFileAttributeView.class) != null) {
      Files.setPosixFilePermissions(temporary, Files.getPosixFilePermissions(target));
    }
    return temporary;
  }
}
