package io.cardgen.cli.input;

import java.util.ArrayList;
import java.util.List;
import java.util.SortedMap;
import java.util.TreeMap;
import javax.xml.stream.XMLStreamConstants;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamReader;

/**
 * Streams the rows of a worksheet one at a time; the sheet is never held whole. Cells are placed by
 * their reference ({@code C7} is the third cell of row 7), so cells a row leaves out are empty; a
 * row or a cell without a reference follows the one before, as the format says.
 */
final class XlsxRows {

  /**
   * One row of the sheet.
   *
   * @param number the row's number as the spreadsheet shows it
   * @param cells the text of its cells, from column A, empty where there is none
   * @param faults what is wrong with some cells, by their 0-based column
   * @param over whether the row holds more text than one item can (then its cells are partial)
   * @param hidden whether the sheet hides the row (a filter, or hidden by hand)
   */
  record Row(
      long number,
      List<String> cells,
      SortedMap<Integer, String> faults,
      boolean over,
      boolean hidden) {}

  private final XMLStreamReader xml;
  private final SharedStrings strings;
  private final XlsxNumbers numbers;
  private final RowText text;
  private long previous;

  /**
   * @param xml a worksheet part, positioned anywhere before its {@code <sheetData>}
   */
  XlsxRows(XMLStreamReader xml, SharedStrings strings, XlsxNumbers numbers, long maxRowChars) {
    this.xml = xml;
    this.strings = strings;
    this.numbers = numbers;
    this.text = new RowText(maxRowChars);
  }

  /** The next row the sheet writes, or null after the last. */
  Row next() throws XMLStreamException, UnreadableWorkbook {
    while (xml.hasNext()) {
      int event = xml.next();
      if (event == XMLStreamConstants.START_ELEMENT && xml.getLocalName().equals("row")) {
        return row();
      }
      if (event == XMLStreamConstants.END_ELEMENT && xml.getLocalName().equals("sheetData")) {
        return null;
      }
    }
    return null;
  }

  private Row row() throws XMLStreamException, UnreadableWorkbook {
    long number = number(xml.getAttributeValue(null, "r"));
    String hiddenFlag = xml.getAttributeValue(null, "hidden");
    boolean hidden = "1".equals(hiddenFlag) || "true".equals(hiddenFlag);
    previous = number;
    text.nextRow();
    List<String> cells = new ArrayList<>();
    SortedMap<Integer, String> faults = new TreeMap<>();
    int column = -1;
    for (int event = xml.next(); event != XMLStreamConstants.END_ELEMENT; event = xml.next()) {
      if (event != XMLStreamConstants.START_ELEMENT) {
        continue;
      }
      if (!xml.getLocalName().equals("c")) {
        XlsxText.skip(xml);
        continue;
      }
      column = column(xml.getAttributeValue(null, "r"), column, number);
      XlsxCell cell = XlsxCell.read(xml, text, strings, numbers);
      while (cells.size() <= column) {
        cells.add("");
      }
      if (cell.fault() != null) {
        faults.put(column, cell.fault());
      } else {
        cells.set(column, cell.value());
      }
    }
    return new Row(number, cells, faults, text.over(), hidden);
  }

  private long number(String reference) throws UnreadableWorkbook {
    if (reference == null) {
      return previous + 1;
    }
    try {
      long number = Long.parseLong(reference.strip());
      if (number >= 1) {
        return number;
      }
    } catch (NumberFormatException notANumber) {
      // reported below
    }
    throw new UnreadableWorkbook(
        "the row after row " + previous + " has the number «" + reference + "»: is it damaged?");
  }

  private static int column(String reference, int previous, long row) throws UnreadableWorkbook {
    int column = reference == null ? previous + 1 : ColumnLetters.column(reference.strip());
    if (column < 0 || column >= ColumnLetters.COLUMNS) {
      throw new UnreadableWorkbook(
          "row "
              + row
              + " has a cell at «"
              + (reference == null ? "after XFD" : reference)
              + "», which is no cell of a sheet (A1 to XFD1048576): is the file damaged?");
    }
    return column;
  }
}
