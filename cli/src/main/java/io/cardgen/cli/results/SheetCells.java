package io.cardgen.cli.results;

import java.io.IOException;
import java.io.Writer;
import java.util.List;
import java.util.Locale;

/**
 * Writes the rows of a worksheet: texts as inline strings, escaped for XML and for SpreadsheetML's
 * own {@code _xHHHH_} escapes, whole numbers in the number columns as numbers.
 */
final class SheetCells {

  private final Writer out;
  private int shortened;

  SheetCells(Writer out) {
    this.out = out;
  }

  /** Columns whose values are numbers in the sheet: seq and description_length. */
  private static final List<Integer> NUMBER_COLUMNS =
      List.of(0, CsvResults.HEADER.indexOf("description_length"));

  /** Excel refuses to open a file with a longer cell. */
  static final int MAX_CELL_CHARS = 32_767;

  /** How many texts were shortened to {@link #MAX_CELL_CHARS}. */
  int shortened() {
    return shortened;
  }

  void row(long number, List<String> texts, int style) throws IOException {
    out.write("<row r=\"" + number + "\">");
    for (int column = 0; column < texts.size(); column++) {
      String text = texts.get(column);
      if (text.isEmpty()) {
        continue;
      }
      String reference = (char) ('A' + column) + Long.toString(number);
      if (number > 1 && NUMBER_COLUMNS.contains(column) && text.matches("-?\\d{1,15}")) {
        out.write("<c r=\"" + reference + "\"><v>" + text + "</v></c>");
      } else {
        out.write(
            "<c r=\""
                + reference
                + "\" s=\""
                + style
                + "\" t=\"inlineStr\"><is><t xml:space=\"preserve\">");
        escape(limited(text));
        out.write("</t></is></c>");
      }
    }
    out.write("</row>");
  }

  private String limited(String text) {
    if (text.length() <= MAX_CELL_CHARS) {
      return text;
    }
    shortened++;
    int end = MAX_CELL_CHARS - 1;
    if (Character.isHighSurrogate(text.charAt(end - 1))) {
      end--;
    }
    return text.substring(0, end) + "…";
  }

  /**
   * XML 1.0 cannot carry most control characters even as references, so they are written as {@code
   * _xHHHH_}, which spreadsheet programs turn back; a text that holds such a sequence itself has
   * its underscore escaped ({@code _x005F_}) so it reads back as written.
   */
  private void escape(String text) throws IOException {
    for (int at = 0; at < text.length(); at++) {
      char c = text.charAt(at);
      switch (c) {
        case '&' -> out.write("&amp;");
        case '<' -> out.write("&lt;");
        case '>' -> out.write("&gt;");
        case '_' -> out.write(escapeSequenceAt(text, at) ? "_x005F_" : "_");
        default -> {
          if (allowed(text, at)) {
            out.write(c);
          } else {
            out.write(String.format(Locale.ROOT, "_x%04X_", (int) c));
          }
        }
      }
    }
  }

  private static boolean escapeSequenceAt(String text, int at) {
    return text.startsWith("_x", at)
        && at + 7 <= text.length()
        && text.charAt(at + 6) == '_'
        && text.substring(at + 2, at + 6).chars().allMatch(c -> Character.digit(c, 16) >= 0);
  }

  private static boolean allowed(String text, int at) {
    char c = text.charAt(at);
    if (c == '\t' || c == '\n' || c == '\r') {
      return true;
    }
    if (c < 0x20 || c == 0xFFFE || c == 0xFFFF) {
      return false;
    }
    if (Character.isHighSurrogate(c)) {
      return at + 1 < text.length() && Character.isLowSurrogate(text.charAt(at + 1));
    }
    if (Character.isLowSurrogate(c)) {
      return at > 0 && Character.isHighSurrogate(text.charAt(at - 1));
    }
    return true;
  }
}
