package io.cardgen.cli.results;

import java.util.ArrayList;
import java.util.List;
import tools.jackson.databind.JsonNode;

/**
 * The flat CSV shape of a result line: one row per item, lists joined by line breaks, every text
 * made safe for a spreadsheet program (see {@link #forSpreadsheet}).
 */
final class CsvResults {

  /**
   * The first characters that make a spreadsheet program read a cell as a formula (OWASP, CSV
   * injection): equals, plus, minus, at, tab and carriage return; {@link #text} writes a carriage
   * return as a line feed, so that one too.
   */
  private static final String FORMULA_STARTS = "=+-@\t\r\n";

  /** The card's fields (product-card-api §2.2), one column each, after the outcome columns. */
  private static final List<String> CARD_FIELDS =
      List.of(
          "uid",
          "created_at",
          "style",
          "style_name",
          "description",
          "description_length",
          "features",
          "audience",
          "headers",
          "slogans",
          "images");

  static final List<String> HEADER = header();

  private CsvResults() {}

  private static List<String> header() {
    List<String> header =
        new ArrayList<>(List.of("seq", "custom_id", "status", "error_code", "error_message"));
    header.addAll(CARD_FIELDS);
    return List.copyOf(header);
  }

  /** The row of a result as a CSV carries it: every text made safe for a spreadsheet program. */
  static List<String> row(JsonNode result) {
    return texts(result).stream().map(CsvResults::forSpreadsheet).toList();
  }

  /**
   * The cells of a result's row as they are, lists joined by line breaks, every line break a bare
   * LF.
   */
  static List<String> texts(JsonNode result) {
    JsonNode card = result.path("card");
    JsonNode error = result.path("error");
    List<String> row = new ArrayList<>(HEADER.size());
    row.add(Long.toString(result.path("seq").asLong(0)));
    row.add(text(result.get("custom_id")));
    row.add(text(result.get("status")));
    row.add(text(error.get("code")));
    row.add(text(error.get("message")));
    for (String field : CARD_FIELDS) {
      row.add(text(card.get(field)));
    }
    return row;
  }

  /**
   * A cell's text with every line break as a bare LF: CRLF is reserved for a CSV's record ends (see
   * {@link ResultFormat#CSV}), and a spreadsheet cell breaks its lines at LF.
   */
  private static String text(JsonNode node) {
    if (node == null || node.isNull() || node.isMissingNode()) {
      return "";
    }
    String text;
    if (node.isArray()) {
      List<String> items = new ArrayList<>();
      node.forEach(item -> items.add(item.isValueNode() ? item.asString("") : item.toString()));
      text = String.join("\n", items);
    } else {
      text = node.isValueNode() ? node.asString("") : node.toString();
    }
    return text.replace("\r\n", "\n").replace('\r', '\n');
  }

  /**
   * A text as a spreadsheet program shows it rather than runs it. The card texts come from the
   * model, which the supplier's description can steer, and a cell such as {@code
   * =HYPERLINK("http://…")} or {@code =cmd|' /C calc'!A0} would be a formula in Excel or
   * LibreOffice. A cell that starts like a formula gets a leading {@code '}, which they take as
   * "text follows". (The JSONL output keeps the texts exactly as the service sent them.)
   */
  static String forSpreadsheet(String text) {
    return !text.isEmpty() && FORMULA_STARTS.indexOf(text.charAt(0)) >= 0 ? "'" + text : text;
  }
}
