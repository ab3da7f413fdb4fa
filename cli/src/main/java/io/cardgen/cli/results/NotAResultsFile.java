package io.cardgen.cli.results;

/** The output file exists but holds something other than results this client writes. */
public final class NotAResultsFile extends RuntimeException {

  NotAResultsFile(String message) {
    super(message);
  }
}
