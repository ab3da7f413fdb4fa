package io.cardgen.cli.input;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;

/**
 * Writes small .xlsx files for tests with java.util.zip: the parts a spreadsheet program writes
 * (package and workbook relationships, workbook, worksheets, shared strings), as plain text, so
 * each test shows the SpreadsheetML it reads. {@code aWorkbook().sheet("Товары", row(1,
 * inline("A1", "sku")))}.
 */
final class TestWorkbook {

  static final String MAIN = "http://schemas.openxmlformats.org/spreadsheetml/2006/main";
  static final String RELATIONSHIPS =
      "http://schemas.openxmlformats.org/officeDocument/2006/relationships";
  private static final String PACKAGE_RELATIONSHIPS =
      "http://schemas.openxmlformats.org/package/2006/relationships";

  /** Not read by cardgen; written because every real .xlsx has it. */
  private static final String CONTENT_TYPES =
      "<?xml version=\"1.0\" encoding=\"UTF-8\" standalone=\"yes\"?>\n<Types"
          + " xmlns=\"http://schemas.openxmlformats.org/package/2006/content-types\"><Default"
          + " Extension=\"xml\" ContentType=\"application/xml\"/></Types>";

  private record Sheet(String name, String kind, String target, String state, String content) {}

  private final List<Sheet> sheets = new ArrayList<>();
  private final Map<String, String> parts = new LinkedHashMap<>();
  private final Set<String> left = new HashSet<>();
  private String workbookPart = "xl/workbook.xml";
  private String sharedStrings;
  private boolean date1904;

  private TestWorkbook() {}

  static TestWorkbook aWorkbook() {
    return new TestWorkbook();
  }

  /** A visible worksheet at {@code xl/worksheets/sheetN.xml}, N counting the sheets. */
  TestWorkbook sheet(String name, String... rows) {
    return sheetAt(name, "worksheets/sheet" + (sheets.size() + 1) + ".xml", rows);
  }

  /** A worksheet at a target as the workbook's relationships write it (relative to xl/, or /…). */
  TestWorkbook sheetAt(String name, String target, String... rows) {
    return add(new Sheet(name, "worksheet", target, null, worksheet(rows)));
  }

  TestWorkbook hiddenSheet(String name, String... rows) {
    String target = "worksheets/hidden" + (sheets.size() + 1) + ".xml";
    return add(new Sheet(name, "worksheet", target, "hidden", worksheet(rows)));
  }

  TestWorkbook chartSheet(String name) {
    String target = "chartsheets/sheet" + (sheets.size() + 1) + ".xml";
    return add(new Sheet(name, "chartsheet", target, null, "<chartsheet xmlns=\"" + MAIN + "\"/>"));
  }

  /** Shared strings, each written as one {@code <si><t>}. */
  TestWorkbook sharedStrings(String... strings) {
    StringBuilder items = new StringBuilder();
    for (String string : strings) {
      items.append("<si><t xml:space=\"preserve\">").append(escape(string)).append("</t></si>");
    }
    return sharedStringsXml(items.toString());
  }

  /** Shared strings as written: the {@code <si>} items inside {@code <sst>}. */
  TestWorkbook sharedStringsXml(String items) {
    sharedStrings = "<sst xmlns=\"" + MAIN + "\">" + items + "</sst>";
    return this;
  }

  /** Dates counted from 1904, as old Excel for Mac wrote them ({@code workbookPr}). */
  TestWorkbook date1904() {
    date1904 = true;
    return this;
  }

  /**
   * A styles part with these number formats: {@code numFmts} as {@code id → formatCode}, and one
   * cell style ({@code xf}) per format id in {@code cellStyles}, so {@code s="2"} is the third.
   */
  TestWorkbook styles(Map<Integer, String> numFmts, int... cellStyles) {
    StringBuilder xml = new StringBuilder("<styleSheet xmlns=\"" + MAIN + "\"><numFmts>");
    numFmts.forEach(
        (id, code) ->
            xml.append("<numFmt numFmtId=\"")
                .append(id)
                .append("\" formatCode=\"")
                .append(escape(code).replace("\"", "&quot;"))
                .append("\"/>"));
    xml.append("</numFmts><cellStyleXfs><xf numFmtId=\"10\"/></cellStyleXfs><cellXfs>");
    for (int id : cellStyles) {
      xml.append("<xf numFmtId=\"").append(id).append("\" applyNumberFormat=\"1\"/>");
    }
    return part("xl/styles.xml", xml.append("</cellXfs></styleSheet>").toString());
  }

  /** The workbook at another part name, found only through the package's relationships. */
  TestWorkbook workbookAt(String part) {
    workbookPart = part;
    return this;
  }

  /** A part as given, replacing whatever the workbook would write there. */
  TestWorkbook part(String name, String content) {
    parts.put(name, content);
    return this;
  }

  /** Leaves a part out, as a damaged or hand-made file does. */
  TestWorkbook without(String part) {
    left.add(part);
    return this;
  }

  Path writeTo(Path file) throws IOException {
    Map<String, String> all = new LinkedHashMap<>();
    String directory = workbookPart.substring(0, workbookPart.lastIndexOf('/') + 1);
    String name = workbookPart.substring(directory.length());
    all.put("[Content_Types].xml", CONTENT_TYPES);
    all.put("_rels/.rels", relationships(relationship(0, "officeDocument", "/" + workbookPart)));
    all.put(workbookPart, workbook());
    all.put(directory + "_rels/" + name + ".rels", workbookRelationships());
    for (Sheet sheet : sheets) {
      all.put(XlsxRelationships.resolve(directory, sheet.target()), sheet.content());
    }
    if (sharedStrings != null) {
      all.put(directory + "sharedStrings.xml", sharedStrings);
    }
    all.putAll(parts);
    all.keySet().removeAll(left);
    write(file, all);
    return file;
  }

  static void write(Path file, Map<String, String> entries) throws IOException {
    try (OutputStream out = Files.newOutputStream(file);
        ZipOutputStream zip = new ZipOutputStream(out)) {
      for (Map.Entry<String, String> entry : entries.entrySet()) {
        zip.putNextEntry(new ZipEntry(entry.getKey()));
        zip.write(entry.getValue().getBytes(StandardCharsets.UTF_8));
        zip.closeEntry();
      }
    }
  }

  /** {@code <row r="7">cells</row>}. */
  static String row(long number, String... cells) {
    return "<row r=\"" + number + "\">" + String.join("", cells) + "</row>";
  }

  static String inline(String reference, String text) {
    return "<c r=\"" + reference + "\" t=\"inlineStr\"><is><t>" + escape(text) + "</t></is></c>";
  }

  static String shared(String reference, int index) {
    return "<c r=\"" + reference + "\" t=\"s\"><v>" + index + "</v></c>";
  }

  static String number(String reference, String value) {
    return "<c r=\"" + reference + "\"><v>" + value + "</v></c>";
  }

  /** A number cell shown in cell style {@code style}. */
  static String styled(String reference, int style, String value) {
    return "<c r=\"" + reference + "\" s=\"" + style + "\"><v>" + value + "</v></c>";
  }

  static String bool(String reference, boolean value) {
    return "<c r=\"" + reference + "\" t=\"b\"><v>" + (value ? 1 : 0) + "</v></c>";
  }

  static String error(String reference, String error) {
    return "<c r=\"" + reference + "\" t=\"e\"><v>" + escape(error) + "</v></c>";
  }

  static String escape(String text) {
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;");
  }

  private TestWorkbook add(Sheet sheet) {
    sheets.add(sheet);
    return this;
  }

  private String workbook() {
    StringBuilder sheetList = new StringBuilder();
    for (int i = 0; i < sheets.size(); i++) {
      Sheet sheet = sheets.get(i);
      sheetList
          .append("<sheet name=\"")
          .append(escape(sheet.name()))
          .append("\" sheetId=\"")
          .append(i + 1)
          .append(sheet.state() == null ? "" : "\" state=\"" + sheet.state())
          .append("\" r:id=\"rId")
          .append(i + 1)
          .append("\"/>");
    }
    return "<?xml version=\"1.0\" encoding=\"UTF-8\" standalone=\"yes\"?>\n<workbook xmlns=\""
        + MAIN
        + "\" xmlns:r=\""
        + RELATIONSHIPS
        + "\">"
        + (date1904 ? "<workbookPr date1904=\"1\"/>" : "")
        + "<bookViews><workbookView activeTab=\"0\"/></bookViews><sheets>"
        + sheetList
        + "</sheets><calcPr calcId=\"191029\"/></workbook>";
  }

  private String workbookRelationships() {
    StringBuilder entries = new StringBuilder();
    for (int i = 0; i < sheets.size(); i++) {
      entries.append(relationship(i + 1, sheets.get(i).kind(), sheets.get(i).target()));
    }
    entries.append(relationship(sheets.size() + 1, "styles", "styles.xml"));
    if (sharedStrings != null) {
      entries.append(relationship(sheets.size() + 2, "sharedStrings", "sharedStrings.xml"));
    }
    return relationships(entries.toString());
  }

  private static String relationships(String entries) {
    return "<?xml version=\"1.0\" encoding=\"UTF-8\" standalone=\"yes\"?>\n<Relationships xmlns=\""
        + PACKAGE_RELATIONSHIPS
        + "\">"
        + entries
        + "</Relationships>";
  }

  private static String relationship(int id, String kind, String target) {
    return "<Relationship Id=\"rId"
        + id
        + "\" Type=\""
        + RELATIONSHIPS
        + "/"
        + kind
        + "\" Target=\""
        + target
        + "\"/>";
  }

  private static String worksheet(String... rows) {
    return "<?xml version=\"1.0\" encoding=\"UTF-8\" standalone=\"yes\"?>\n<worksheet xmlns=\""
        + MAIN
        + "\"><dimension ref=\"A1\"/><sheetData>"
        + String.join("", rows)
        + "</sheetData><pageMargins left=\"0.7\" right=\"0.7\" top=\"0.75\" bottom=\"0.75\""
        + " header=\"0.3\" footer=\"0.3\"/></worksheet>";
  }
}
