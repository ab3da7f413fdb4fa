package io.cardgen.cli.results;

import java.nio.file.Path;
import java.util.Locale;

/** JSONL keeps the service's lines as they are; CSV flattens them for a spreadsheet. */
public enum ResultFormat {
  JSONL("\n"),
  CSV("\r\n");

  /**
   * What ends a record. For CSV it is CRLF while line breaks inside cells are written as a bare LF,
   * so the end of the last complete record can be found without parsing the whole file.
   */
  final String terminator;

  ResultFormat(String terminator) {
    this.terminator = terminator;
  }

  public static ResultFormat of(Path file) {
    return file.getFileName().toString().toLowerCase(Locale.ROOT).endsWith(".csv") ? CSV : JSONL;
  }
}
