package io.cardgen.cli.input;

import io.cardgen.cli.api.Upload;
import java.io.IOException;
import java.nio.file.Files;
import java.util.List;

/**
 * An input file turned into a creation body on disk, with its derived idempotency key and, per item
 * position, where the item came from — to name the rows of a 422 in the author's terms.
 */
public record PreparedBatch(
    Upload upload, String idempotencyKey, List<String> origins, List<String> warnings)
    implements AutoCloseable {

  public int items() {
    return origins.size();
  }

  /** Where item {@code position} (1-based, as the server's {@code line}) came from. */
  public String origin(long position) {
    return position >= 1 && position <= origins.size()
        ? origins.get((int) position - 1)
        : "item " + position;
  }

  @Override
  public void close() throws IOException {
    Files.deleteIfExists(upload.body());
  }
}
