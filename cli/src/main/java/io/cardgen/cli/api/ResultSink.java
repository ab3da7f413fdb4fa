package io.cardgen.cli.api;

import java.io.IOException;

/** Takes result lines as they stream in. */
@FunctionalInterface
public interface ResultSink {

  /**
   * Handles one non-blank result line and answers its {@code seq}, from which a broken stream is
   * resumed.
   */
  long accept(String line) throws IOException;
}
