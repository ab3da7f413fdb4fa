package io.cardgen.cli.input;

import java.util.List;

/**
 * Finds a sheet's header row: the first filled row that names a short_description column. A
 * seller's sheet often starts with a title ("Прайс-лист, весна 2026"), a date or a note above the
 * header, and a marketplace template with a group row; up to {@link #MAX_ROWS_ABOVE} filled rows
 * above the header are passed over, and a warning names them. Past that the first filled row is
 * taken for the header, so the problem that it lacks the column names what it holds.
 */
final class HeaderSearch {

  /** More than a title block has; few enough that a sheet without the column is told at once. */
  static final int MAX_ROWS_ABOVE = 10;

  private long firstRow = -1;
  private List<String> firstCells;
  private int passed;

  /**
   * Whether {@code cells}, a filled row, is the header. A row that is not is remembered as passed
   * over.
   */
  boolean isHeader(long row, List<String> cells) {
    if (SheetColumns.of(cells).has("short_description")) {
      return true;
    }
    if (firstRow < 0) {
      firstRow = row;
      firstCells = List.copyOf(cells);
    }
    passed++;
    return false;
  }

  /** Whether more rows have been passed over than a header may have above it. */
  boolean givenUp() {
    return passed > MAX_ROWS_ABOVE;
  }

  /** Whether any filled row has been passed over. */
  boolean passedAny() {
    return passed > 0;
  }

  /** The first filled row, which is taken for the header when none names the column. */
  long firstRow() {
    return firstRow;
  }

  List<String> firstCells() {
    return firstCells;
  }

  /** The warning for the rows passed over above the header in {@code headerRow}. */
  String passedOver(long headerRow) {
    String rows =
        firstRow == headerRow - 1 ? "row " + firstRow : "rows " + firstRow + "–" + (headerRow - 1);
    return "reading row "
        + headerRow
        + " as the header; "
        + rows
        + " above it (a title or a note) "
        + (firstRow == headerRow - 1 ? "is" : "are")
        + " not read";
  }
}
