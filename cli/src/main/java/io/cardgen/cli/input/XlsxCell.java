package io.cardgen.cli.input;

import javax.xml.stream.XMLStreamConstants;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamReader;

/**
 * One cell ({@code <c>}) of a sheet as the text a CSV export of it would carry, by its type {@code
 * t}: a shared or inline string as written, a number as its style ({@code s}) shows it ({@link
 * XlsxNumbers}), a boolean as {@code TRUE}/{@code FALSE}, a date ({@code d}) as written. An error
 * ({@code #N/A}) or a formula whose result was never saved is a fault: its value is unknown.
 *
 * @param value the text, empty for an empty cell; null when there is a fault
 * @param fault what is wrong with the cell, or null
 */
record XlsxCell(String value, String fault) {

  /** Reads the cell the parser is on, to its end. */
  static XlsxCell read(
      XMLStreamReader xml, RowText text, SharedStrings strings, XlsxNumbers numbers)
      throws XMLStreamException {
    String type = xml.getAttributeValue(null, "t");
    String style = xml.getAttributeValue(null, "s");
    String value = null;
    String inline = null;
    boolean formula = false;
    for (int event = xml.next(); event != XMLStreamConstants.END_ELEMENT; event = xml.next()) {
      if (event == XMLStreamConstants.START_ELEMENT) {
        switch (xml.getLocalName()) {
          case "v" -> value = text.read(xml, XlsxText::plain);
          case "is" -> inline = text.read(xml, XlsxText::rich);
          case "f" -> {
            formula = true;
            XlsxText.skip(xml);
          }
          default -> XlsxText.skip(xml);
        }
      }
    }
    if (formula && unsaved(type, value, inline)) {
      return new XlsxCell(
          null,
          "the formula in the cell has no saved result (the program that wrote the file did"
              + " not calculate it): open the file in Excel or LibreOffice and save it again");
    }
    if (value == null && inline == null) {
      return new XlsxCell("", null);
    }
    if (type == null || type.equals("n")) {
      return new XlsxCell(numbers.text(value != null ? value : inline, style), null);
    }
    return of(type, value, inline, text, strings);
  }

  /**
   * A formula without a result: no value, or an empty one where only a text result ({@code str})
   * can be empty; openpyxl, for one, writes {@code <f>I2*2</f><v></v>}.
   */
  private static boolean unsaved(String type, String value, String inline) {
    return inline == null && (value == null || (value.isBlank() && !"str".equals(type)));
  }

  private static XlsxCell of(
      String type, String value, String inline, RowText text, SharedStrings strings) {
    String written = value != null ? value : inline;
    return switch (type) {
      case "s" -> shared(written, text, strings);
      case "inlineStr" -> new XlsxCell(XlsxText.unescape(inline != null ? inline : value), null);
      case "str" -> new XlsxCell(XlsxText.unescape(written), null);
      case "b" -> new XlsxCell(bool(written), null);
      case "e" -> new XlsxCell(null, "the cell holds the error " + shortened(written.strip()));
      default -> new XlsxCell(written, null);
    };
  }

  private static XlsxCell shared(String value, RowText text, SharedStrings strings) {
    int index;
    try {
      index = Integer.parseInt(value.strip());
    } catch (NumberFormatException notAnIndex) {
      index = -1;
    }
    if (index < 0 || index >= strings.size()) {
      return new XlsxCell(
          null,
          "the cell refers to shared string «"
              + shortened(value)
              + "», which the file does not have: is it damaged?");
    }
    return new XlsxCell(text.take(strings.length(index)) ? strings.get(index) : "", null);
  }

  /** As Excel shows them, and as {@link Cells#flag} reads them. */
  private static String bool(String value) {
    return switch (value.strip()) {
      case "1" -> "TRUE";
      case "0" -> "FALSE";
      default -> value;
    };
  }

  /** What a broken file wrote where a short token belongs, shortened for a message. */
  private static String shortened(String written) {
    return written.length() > 20 ? written.substring(0, 20) + "…" : written;
  }
}
