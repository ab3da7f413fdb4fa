package io.cardgen.cli.input;

import java.util.List;

/**
 * A CSV row with text past its header's last column. Cut off there, it would send a description
 * split by a delimiter that is not the file's: a one-column sheet has no delimiter in its header,
 * so a comma is guessed, and its semicolon export sends "Кружка" of "Кружка, белая, 300 мл". Empty
 * cells past the header are what Excel pads its rows with, and are accepted.
 */
final class CsvRowWidth {

  private CsvRowWidth() {}

  /** Why the row cannot be read under a header of {@code columns} columns; null if it can. */
  static String problem(List<String> cells, int columns, char delimiter) {
    for (int index = columns; index < cells.size(); index++) {
      if (!cells.get(index).isBlank()) {
        return "this row has "
            + cells.size()
            + " cells but the header names "
            + columns
            + ", and the cells past the last column are not empty, so they would be lost:"
            + " is the delimiter right? It was taken to be "
            + (delimiter == '\t' ? "tab" : "'" + delimiter + "'")
            + "; pass --delimiter with the file's own (, ; or tab), or quote the cells that hold"
            + " it";
      }
    }
    return null;
  }
}
