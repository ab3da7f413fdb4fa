package io.cardgen.cli.input;

import java.util.function.Consumer;

/**
 * The rows of a sheet that are hidden (by a filter, or by hand) and read all the same, as a CSV
 * export would write them: each is an item charged like any other, which a seller who filtered the
 * sheet down to "what to submit" may not expect, so they are counted into one warning.
 */
final class HiddenRows {

  private long count;
  private long first;

  void count(XlsxRows.Row row) {
    if (row.hidden()) {
      if (count++ == 0) {
        first = row.number();
      }
    }
  }

  void warn(Consumer<String> warnings) {
    if (count > 0) {
      warnings.accept(
          count
              + " row(s) hidden in the sheet (by a filter or by hand) are submitted too, the first"
              + " row "
              + first
              + "; delete the rows that are not meant to be, or copy the visible ones to a new"
              + " sheet");
    }
  }
}
