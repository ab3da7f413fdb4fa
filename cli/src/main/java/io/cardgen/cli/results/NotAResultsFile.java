package io.cardgen.cli.results;

/** The output file exists but its last record is not one this client writes. */
public final class NotAResultsFile extends RuntimeException {

  NotAResultsFile(String message) {
    super(message);
  }
}
