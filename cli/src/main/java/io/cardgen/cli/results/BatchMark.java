package io.cardgen.cli.results;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

/**
 * Which batch a results file holds, kept beside it in {@code FILE.batch}: the results' lines do not
 * name their batch, and two batches (a catalogue and its retry, this season's and the last) number
 * their items alike, so resuming a file with another batch's results would append them after the
 * wrong {@code seq} and mix the two without a trace.
 */
final class BatchMark {

  private BatchMark() {}

  static Path of(Path results) {
    return results.resolveSibling(results.getFileName() + ".batch");
  }

  /** Records that {@code results}, begun afresh, holds {@code batchId}'s results. */
  static void write(Path results, String batchId) throws IOException {
    Path mark = of(results);
    Path partial = mark.resolveSibling(mark.getFileName() + ".tmp");
    Files.writeString(partial, batchId + "\n", StandardCharsets.UTF_8);
    Files.move(partial, mark, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
  }

  /**
   * Checks that the existing {@code results} hold {@code batchId}'s results before they are
   * continued.
   *
   * @throws BatchMismatch when they hold another batch's, or do not say whose
   */
  static void check(Path results, String batchId) throws IOException {
    Path mark = of(results);
    if (!Files.exists(mark)) {
      throw new BatchMismatch(
          results
              + " does not say which batch it holds (no "
              + mark.getFileName()
              + " beside it; written by an earlier cardgen?): pass --overwrite to download "
              + batchId
              + " into it afresh, or give another -o file");
    }
    String held = Files.readString(mark, StandardCharsets.UTF_8).strip();
    if (!held.equals(batchId)) {
      throw new BatchMismatch(
          results
              + " holds the results of "
              + held
              + ", not "
              + batchId
              + ": give another -o file, or pass --overwrite to replace them");
    }
  }
}
