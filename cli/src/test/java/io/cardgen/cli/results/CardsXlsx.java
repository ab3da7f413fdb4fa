package io.cardgen.cli.results;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.zip.ZipFile;
import javax.xml.stream.XMLInputFactory;
import javax.xml.stream.XMLStreamConstants;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamReader;

/**
 * Reads the cells of a results workbook back as a spreadsheet program would: each row's texts from
 * column A, with SpreadsheetML's {@code _xHHHH_} escapes turned back, and which cells are numbers.
 */
public final class CardsXlsx {

  /** The header row every results workbook starts with. */
  public static final List<String> HEADER = CsvResults.HEADER;

  private static final Pattern ESCAPE = Pattern.compile("_x([0-9A-Fa-f]{4})_");

  /** One cell: its text, and whether it is a number cell (no type, a {@code <v>}). */
  public record Cell(String text, boolean number) {}

  private CardsXlsx() {}

  /** The texts of each row, empty where a row has no cell. */
  public static List<List<String>> rows(Path file) throws IOException {
    return cells(file).stream()
        .map(row -> row.stream().map(cell -> cell == null ? "" : cell.text()).toList())
        .toList();
  }

  public static List<List<Cell>> cells(Path file) throws IOException {
    try (ZipFile zip = new ZipFile(file.toFile());
        InputStream in = zip.getInputStream(zip.getEntry("xl/worksheets/sheet1.xml"))) {
      XMLStreamReader xml = XMLInputFactory.newFactory().createXMLStreamReader(in);
      List<List<Cell>> rows = new ArrayList<>();
      List<Cell> row = null;
      String type = null;
      int column = 0;
      while (xml.hasNext()) {
        int event = xml.next();
        if (event != XMLStreamConstants.START_ELEMENT) {
          continue;
        }
        switch (xml.getLocalName()) {
          case "row" -> rows.add(row = new ArrayList<>());
          case "c" -> {
            String reference = xml.getAttributeValue(null, "r");
            column = reference.charAt(0) - 'A';
            type = xml.getAttributeValue(null, "t");
          }
          case "t", "v" -> {
            while (row.size() <= column) {
              row.add(null);
            }
            row.set(column, new Cell(unescape(xml.getElementText()), type == null));
          }
          default -> {
            // sheet views, columns: not cells
          }
        }
      }
      return rows;
    } catch (XMLStreamException broken) {
      throw new IOException(broken);
    }
  }

  private static String unescape(String text) {
    Matcher escape = ESCAPE.matcher(text);
    StringBuilder plain = new StringBuilder();
    while (escape.find()) {
      escape.appendReplacement(
          plain,
          Matcher.quoteReplacement(String.valueOf((char) Integer.parseInt(escape.group(1), 16))));
    }
    return escape.appendTail(plain).toString();
  }
}
