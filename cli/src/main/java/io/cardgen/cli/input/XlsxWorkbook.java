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

  /**
   * @param kind the last segment of the relationship's type: {@code worksheet}, {@code
   *     chartsheet}…; null if the workbook does not say where the sheet is
   */
  record Sheet(String name, String part, String kind, boolean hidden) {

    boolean hasCells() {
      return "worksheet".equals(kind);
    }
  }

  private final List<Sheet> sheets;
  private final String sharedStrings;

  private XlsxWorkbook(List<Sheet> sheets, String sharedStrings) {
    this.sheets = sheets;
    this.sharedStrings = sharedStrings;
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
    List<Sheet> sheets = xlsx.read(workbook, xml -> readSheets(xml, relationships));
    String sharedStrings = relationships.part("sharedStrings");
    if (sharedStrings == null && xlsx.has(USUAL_SHARED_STRINGS)) {
      sharedStrings = USUAL_SHARED_STRINGS;
    }
    return new XlsxWorkbook(sheets, sharedStrings);
  }

  List<Sheet> sheets() {
    return sheets;
  }

  /** The shared strings part, or null if the workbook has none. */
  String sharedStrings() {
    return sharedStrings;
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

  private static List<Sheet> readSheets(XMLStreamReader xml, XlsxRelationships relationships)
      throws XMLStreamException, UnreadableWorkbook {
    if (!xml.getLocalName().equals("workbook")) {
      throw new UnreadableWorkbook(
          "its main part is a " + xml.getLocalName() + ", not a workbook: is it a spreadsheet?");
    }
    List<Sheet> sheets = new ArrayList<>();
    while (xml.hasNext()) {
      int event = xml.next();
      if (event == XMLStreamConstants.END_ELEMENT && xml.getLocalName().equals("sheets")) {
        break;
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
    return sheets;
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
