package io.cardgen.cli.input;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;
import javax.xml.stream.XMLStreamConstants;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamReader;

/**
 * The sheets of a workbook in its order (the order of its tabs), and the parts that hold them. The
 * parts are found as the format says — the package's relationships lead to the workbook, the
 * workbook's relationships lead from each sheet's {@code r:id} to its part — never by the names one
 * program happens to use: {@code sheet1.xml} need not be the first sheet, or exist.
 */
final class XlsxWorkbook {

  /** Where Excel, LibreOffice and every library put it, for a package without relationships. */
  private static final String USUAL_WORKBOOK = "xl/workbook.xml";

  private static final String USUAL_SHARED_STRINGS = "xl/sharedStrings.xml";

  private static final String USUAL_STYLES = "xl/styles.xml";

  /**
   * @param kind the last segment of the relationship's type: {@code worksheet}, {@code
   *     chartsheet}…; null if the workbook does not say where the sheet is
   */
  record Sheet(String name, String part, String kind, boolean hidden) {

    boolean hasCells() {
      return "worksheet".equals(kind);
    }
  }

  /** What the workbook part says: its sheets, and whether it counts dates from 1904. */
  private record Contents(List<Sheet> sheets, boolean date1904) {}

  private final List<Sheet> sheets;
  private final String sharedStrings;
  private final String styles;
  private final boolean date1904;

  private XlsxWorkbook(Contents contents, String sharedStrings, String styles) {
    this.sheets = contents.sheets();
    this.date1904 = contents.date1904();
    this.sharedStrings = sharedStrings;
    this.styles = styles;
  }

  static XlsxWorkbook read(XlsxPackage xlsx) throws IOException, UnreadableWorkbook {
    String workbook = XlsxRelationships.of(xlsx, "").part("officeDocument");
    if (workbook == null || !xlsx.has(workbook)) {
      workbook = USUAL_WORKBOOK;
    }
    if (!xlsx.has(workbook)) {
      throw new UnreadableWorkbook(
          "this zip archive has no workbook part (" + USUAL_WORKBOOK + "): is it an .xlsx file?");
    }
    XlsxRelationships relationships = XlsxRelationships.of(xlsx, workbook);
    if (relationships.isEmpty()) {
      throw new UnreadableWorkbook(
          "the part "
              + XlsxRelationships.partOf(workbook)
              + ", which says where the sheets are, is missing or empty: is the file damaged?");
    }
    Contents contents = xlsx.read(workbook, xml -> readSheets(xml, relationships));
    return new XlsxWorkbook(
        contents,
        part(xlsx, relationships, "sharedStrings", USUAL_SHARED_STRINGS),
        part(xlsx, relationships, "styles", USUAL_STYLES));
  }

  /** The part the relationships name, or where every program puts it; null if there is none. */
  private static String part(
      XlsxPackage xlsx, XlsxRelationships relationships, String type, String usual) {
    String part = relationships.part(type);
    return part == null && xlsx.has(usual) ? usual : part;
  }

  List<Sheet> sheets() {
    return sheets;
  }

  /** The shared strings part, or null if the workbook has none. */
  String sharedStrings() {
    return sharedStrings;
  }

  /** The styles part, which holds the number formats, or null if the workbook has none. */
  String styles() {
    return styles;
  }

  /** Whether dates count from 1904-01-01 (old Excel for Mac) rather than from 1900. */
  boolean date1904() {
    return date1904;
  }

  /**
   * The sheet named {@code wanted} (as Excel does, regardless of case), or without a name the first
   * worksheet a user sees: hidden sheets (lists for drop-downs in marketplace templates) and charts
   * are passed over.
   */
  Sheet choose(String wanted) throws UnreadableWorkbook {
    if (wanted == null) {
      List<Sheet> worksheets = sheets.stream().filter(Sheet::hasCells).toList();
      return worksheets.stream()
          .filter(sheet -> !sheet.hidden())
          .findFirst()
          .or(() -> worksheets.stream().findFirst())
          .orElseThrow(() -> new UnreadableWorkbook("the workbook has no worksheet" + listed()));
    }
    Sheet sheet =
        sheets.stream()
            .filter(candidate -> candidate.name().equalsIgnoreCase(wanted))
            .findFirst()
            .orElseThrow(
                () -> new UnreadableWorkbook("there is no sheet «" + wanted + "»" + listed()));
    if (sheet.kind() == null) {
      throw new UnreadableWorkbook(
          "the workbook does not say where the sheet «" + wanted + "» is: is the file damaged?");
    }
    if (!sheet.hasCells()) {
      throw new UnreadableWorkbook(
          "the sheet «" + sheet.name() + "» is a " + sheet.kind() + ", without cells" + listed());
    }
    return sheet;
  }

  /** "; its sheets: A, B, C" — the first 20, which is all a user needs to choose. */
  String listed() {
    String names = sheets.stream().limit(20).map(Sheet::name).collect(Collectors.joining(", "));
    return sheets.isEmpty() ? "" : "; its sheets: " + names + (sheets.size() > 20 ? ", …" : "");
  }

  private static Contents readSheets(XMLStreamReader xml, XlsxRelationships relationships)
      throws XMLStreamException, UnreadableWorkbook {
    if (!xml.getLocalName().equals("workbook")) {
      throw new UnreadableWorkbook(
          "its main part is a " + xml.getLocalName() + ", not a workbook: is it a spreadsheet?");
    }
    List<Sheet> sheets = new ArrayList<>();
    boolean date1904 = false;
    while (xml.hasNext()) {
      int event = xml.next();
      if (event == XMLStreamConstants.END_ELEMENT && xml.getLocalName().equals("sheets")) {
        break;
      }
      if (event == XMLStreamConstants.START_ELEMENT && xml.getLocalName().equals("workbookPr")) {
        String written = String.valueOf(xml.getAttributeValue(null, "date1904")).strip();
        date1904 = written.equals("1") || written.equalsIgnoreCase("true");
      }
      if (event == XMLStreamConstants.START_ELEMENT && xml.getLocalName().equals("sheet")) {
        sheets.add(sheet(xml, relationships));
        if (sheets.size() > XlsxRelationships.MAX_ENTRIES) {
          throw new UnreadableWorkbook(
              "the workbook declares more than "
                  + XlsxRelationships.MAX_ENTRIES
                  + " sheets: is it damaged?");
        }
      }
    }
    return new Contents(sheets, date1904);
  }

  private static Sheet sheet(XMLStreamReader xml, XlsxRelationships relationships) {
    String id = null;
    for (int i = 0; i < xml.getAttributeCount(); i++) {
      // r:id, in the relationships namespace; sheetId, without one, is only an internal number
      String namespace = xml.getAttributeNamespace(i);
      if (xml.getAttributeLocalName(i).equals("id") && namespace != null && !namespace.isEmpty()) {
        id = xml.getAttributeValue(i);
      }
    }
    XlsxRelationships.Relationship target = relationships.get(id);
    String state = xml.getAttributeValue(null, "state");
    return new Sheet(
        String.valueOf(xml.getAttributeValue(null, "name")),
        target == null ? null : target.part(),
        target == null ? null : target.type().substring(target.type().lastIndexOf('/') + 1),
        "hidden".equals(state) || "veryHidden".equals(state));
  }
}
