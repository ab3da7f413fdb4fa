package io.cardgen.cli.results;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;

/** The fixed parts of the results workbook: the package's plumbing, the workbook and its styles. */
final class WorkbookParts {

  static final String MAIN = "http://schemas.openxmlformats.org/spreadsheetml/2006/main";
  static final String RELATIONSHIPS =
      "http://schemas.openxmlformats.org/officeDocument/2006/relationships";
  static final String XML = "<?xml version=\"1.0\" encoding=\"UTF-8\" standalone=\"yes\"?>\n";

  /** What marks a workbook as cardgen's: the application named in {@code docProps/app.xml}. */
  static final String APPLICATION = "<Application>cardgen</Application>";

  private WorkbookParts() {}

  /** Writes every part but the worksheet. */
  static void writeAll(ZipOutputStream zip) throws IOException {
    part(zip, "[Content_Types].xml", contentTypes());
    part(zip, "_rels/.rels", packageRelationships());
    part(
        zip,
        "docProps/app.xml",
        XML
            + "<Properties xmlns=\"http://schemas.openxmlformats.org/officeDocument/2006/extended-properties\">"
            + APPLICATION
            + "</Properties>");
    part(zip, "xl/workbook.xml", workbookPart());
    part(zip, "xl/_rels/workbook.xml.rels", workbookRelationships());
    part(zip, "xl/styles.xml", styles());
  }

  private static void part(ZipOutputStream zip, String name, String content) throws IOException {
    zip.putNextEntry(new ZipEntry(name));
    zip.write(content.getBytes(StandardCharsets.UTF_8));
    zip.closeEntry();
  }

  private static String contentTypes() {
    String types = "application/vnd.openxmlformats-officedocument.";
    return XML
        + "<Types xmlns=\"http://schemas.openxmlformats.org/package/2006/content-types\">"
        + "<Default Extension=\"rels\" ContentType=\"application/vnd.openxmlformats-package.relationships+xml\"/>"
        + "<Default Extension=\"xml\" ContentType=\"application/xml\"/>"
        + "<Override PartName=\"/xl/workbook.xml\" ContentType=\""
        + types
        + "spreadsheetml.sheet.main+xml\"/>"
        + "<Override PartName=\"/xl/worksheets/sheet1.xml\" ContentType=\""
        + types
        + "spreadsheetml.worksheet+xml\"/>"
        + "<Override PartName=\"/xl/styles.xml\" ContentType=\""
        + types
        + "spreadsheetml.styles+xml\"/>"
        + "<Override PartName=\"/docProps/app.xml\" ContentType=\""
        + types
        + "extended-properties+xml\"/>"
        + "</Types>";
  }

  private static String packageRelationships() {
    return relationships(
        relationship(1, RELATIONSHIPS + "/officeDocument", "xl/workbook.xml")
            + relationship(2, RELATIONSHIPS + "/extended-properties", "docProps/app.xml"));
  }

  private static String workbookRelationships() {
    return relationships(
        relationship(1, RELATIONSHIPS + "/worksheet", "worksheets/sheet1.xml")
            + relationship(2, RELATIONSHIPS + "/styles", "styles.xml"));
  }

  private static String relationships(String entries) {
    return XML
        + "<Relationships xmlns=\"http://schemas.openxmlformats.org/package/2006/relationships\">"
        + entries
        + "</Relationships>";
  }

  private static String relationship(int id, String type, String target) {
    return "<Relationship Id=\"rId" + id + "\" Type=\"" + type + "\" Target=\"" + target + "\"/>";
  }

  private static String workbookPart() {
    return XML
        + "<workbook xmlns=\""
        + MAIN
        + "\" xmlns:r=\""
        + RELATIONSHIPS
        + "\">"
        + "<bookViews><workbookView/></bookViews>"
        + "<sheets><sheet name=\"Карточки\" sheetId=\"1\" r:id=\"rId1\"/></sheets></workbook>";
  }

  /** Style 1: the bold header; style 2: texts wrapped and aligned to the top of the row. */
  private static String styles() {
    return XML
        + "<styleSheet xmlns=\""
        + MAIN
        + "\">"
        + "<fonts count=\"2\"><font><sz val=\"11\"/><name val=\"Calibri\"/></font>"
        + "<font><b/><sz val=\"11\"/><name val=\"Calibri\"/></font></fonts>"
        + "<fills count=\"2\"><fill><patternFill patternType=\"none\"/></fill>"
        + "<fill><patternFill patternType=\"gray125\"/></fill></fills>"
        + "<borders count=\"1\"><border><left/><right/><top/><bottom/><diagonal/></border></borders>"
        + "<cellStyleXfs count=\"1\"><xf numFmtId=\"0\" fontId=\"0\" fillId=\"0\" borderId=\"0\"/></cellStyleXfs>"
        + "<cellXfs count=\"3\">"
        + "<xf numFmtId=\"0\" fontId=\"0\" fillId=\"0\" borderId=\"0\" xfId=\"0\"/>"
        + "<xf numFmtId=\"0\" fontId=\"1\" fillId=\"0\" borderId=\"0\" xfId=\"0\" applyFont=\"1\"/>"
        + "<xf numFmtId=\"0\" fontId=\"0\" fillId=\"0\" borderId=\"0\" xfId=\"0\" applyAlignment=\"1\">"
        + "<alignment vertical=\"top\" wrapText=\"1\"/></xf>"
        + "</cellXfs>"
        + "<cellStyles count=\"1\"><cellStyle name=\"Normal\" xfId=\"0\" builtinId=\"0\"/></cellStyles>"
        + "</styleSheet>";
  }
}
