package io.cardgen.cli.input;

import io.cardgen.cli.io.BoundedLines;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Map;
import java.util.function.Consumer;
import javax.xml.stream.XMLStreamException;

/**
 * Reads one sheet of an .xlsx workbook (Excel, LibreOffice, Google Sheets, marketplace templates)
 * with the JDK alone: the first worksheet a user sees, or the one named. The header row is the
 * first row with a value, and rows become items exactly as the rows of a CSV export do ({@link
 * RowItems}). Rows keep the numbers the spreadsheet shows. A cell holding an error, or a formula
 * without a saved result, is a problem only in a column that is sent. Anything that stops the
 * reading (not an .xlsx, a DOCTYPE, a zip bomb…) is a problem naming the file: see {@link
 * XlsxPackage} and {@link XlsxLimits}.
 */
final class XlsxItems implements ItemSource {

  private final Path file;
  private final String sheetName;
  private final Photos photos;
  private final Consumer<String> warnings;
  private final XlsxLimits limits;

  /**
   * @param sheetName the sheet to read ({@code --sheet}), or null for the first one
   */
  XlsxItems(Path file, String sheetName, Photos photos, Consumer<String> warnings) {
    this(file, sheetName, photos, warnings, XlsxLimits.DEFAULT);
  }

  XlsxItems(
      Path file, String sheetName, Photos photos, Consumer<String> warnings, XlsxLimits limits) {
    this.file = file;
    this.sheetName = sheetName;
    this.photos = photos;
    this.warnings = warnings;
    this.limits = limits;
  }

  @Override
  public void read(ItemSink sink, Problems problems) throws IOException {
    try (XlsxPackage xlsx = XlsxPackage.open(file, limits)) {
      XlsxWorkbook workbook = XlsxWorkbook.read(xlsx);
      XlsxWorkbook.Sheet sheet = workbook.choose(sheetName);
      if (sheetName == null && workbook.sheets().size() > 1) {
        warnings.accept(
            "reading the sheet «"
                + sheet.name()
                + "» of "
                + file.getFileName()
                + workbook.listed()
                + " (pass --sheet NAME for another)");
      }
      SharedStrings strings = SharedStrings.read(xlsx, workbook.sharedStrings(), limits);
      XlsxNumbers numbers = XlsxNumbers.read(xlsx, workbook.styles(), workbook.date1904());
      String others =
          workbook.sheets().size() > 1 ? workbook.listed() + "; choose with --sheet" : "";
      xlsx.read(
          sheet.part(),
          xml ->
              readRows(
                  new XlsxRows(xml, strings, numbers, limits.rowChars()),
                  sheet.name(),
                  others,
                  sink,
                  problems));
    } catch (UnreadableWorkbook unreadable) {
      problems.add(file.getFileName().toString(), unreadable.getMessage());
    }
  }

  private Void readRows(
      XlsxRows rows, String sheet, String others, ItemSink sink, Problems problems)
      throws XMLStreamException, IOException, UnreadableWorkbook {
    RowItems items = null;
    HeaderSearch header = new HeaderSearch();
    String hint =
        "the header, the row that names the columns, must be among the first "
            + (HeaderSearch.MAX_ROWS_ABOVE + 1)
            + " filled rows of the sheet «"
            + sheet
            + "»"
            + others;
    HiddenRows hidden = new HiddenRows();
    for (XlsxRows.Row row = rows.next(); row != null; row = rows.next()) {
      if (row.over()) {
        tooLong(row.number(), problems);
        if (items == null) {
          return null;
        }
      } else if (items != null) {
        if (!faulty(row, items, problems) && items.add(row.number(), row.cells(), sink, problems)) {
          hidden.count(row);
        }
      } else if (RowItems.isBlank(row.cells())) {
        continue;
      } else if (header.isHeader(row.number(), row.cells())) {
        if (header.passedAny()) {
          warnings.accept(header.passedOver(row.number()));
        }
        items = RowItems.under(row.number(), row.cells(), hint, photos, warnings, problems);
        if (items == null) {
          return null;
        }
      } else if (header.givenUp()) {
        RowItems.noDescription(header.firstRow(), header.firstCells(), hint, problems);
        return null;
      }
    }
    hidden.warn(warnings);
    if (items == null && header.passedAny()) {
      RowItems.noDescription(header.firstRow(), header.firstCells(), hint, problems);
    } else if (items == null) {
      problems.add(file.getFileName().toString(), "the sheet «" + sheet + "» is empty" + others);
    }
    return null;
  }

  private void tooLong(long row, Problems problems) {
    problems.add(
        "row " + row,
        "this row of "
            + file.getFileName()
            + " holds more than "
            + BoundedLines.describe(limits.rowChars())
            + ", more than one item can be (the service refuses an item over 32 MiB)");
  }

  /** Reports the faulty cells that would be sent; those of ignored columns do not matter. */
  private static boolean faulty(XlsxRows.Row row, RowItems items, Problems problems) {
    boolean faulty = false;
    for (Map.Entry<Integer, String> fault : row.faults().entrySet()) {
      if (items.uses(fault.getKey())) {
        problems.add(
            "row " + row.number() + ", column " + ColumnLetters.of(fault.getKey()),
            fault.getValue());
        faulty = true;
      }
    }
    return faulty;
  }
}
