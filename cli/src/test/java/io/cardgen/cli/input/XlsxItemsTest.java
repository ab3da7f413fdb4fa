package io.cardgen.cli.input;

import static io.cardgen.cli.input.TestWorkbook.aWorkbook;
import static io.cardgen.cli.input.TestWorkbook.bool;
import static io.cardgen.cli.input.TestWorkbook.error;
import static io.cardgen.cli.input.TestWorkbook.inline;
import static io.cardgen.cli.input.TestWorkbook.number;
import static io.cardgen.cli.input.TestWorkbook.row;
import static io.cardgen.cli.input.TestWorkbook.shared;
import static io.cardgen.cli.input.TestWorkbook.styled;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/** How the cells and rows of an .xlsx sheet become batch items. */
class XlsxItemsTest {

  private static final JsonMapper JSON = JsonMapper.builder().build();

  @TempDir Path dir;

  private final List<String> warnings = new ArrayList<>();

  @Test
  void readsSharedInlineAndRichTextStringsAsWritten() throws IOException {
    Path file =
        aWorkbook()
            .sharedStringsXml(
                "<si><t>sku</t></si>"
                    + "<si><t>short_description</t></si>"
                    + "<si><r><rPr><b/></rPr><t>Кружка</t></r><r><t xml:space=\"preserve\">"
                    + " «Море»</t></r><rPh sb=\"0\" eb=\"1\"><t>ふりがな</t></rPh></si>"
                    + "<si><t>строка_x000D_\nвторая, _x005F_x0041_</t></si>"
                    + "<si><t>product_facts.brand</t></si>")
            .sheet(
                "Товары",
                row(1, shared("A1", 0), shared("B1", 1), shared("C1", 4)),
                row(2, inline("A2", "mug-1"), shared("B2", 2), inline("C2", "Акме & сыновья")),
                row(3, inline("A3", "mug-2"), shared("B3", 3)))
            .writeTo(dir.resolve("products.xlsx"));

    List<JsonNode> items = items(file);

    assertThat(items.get(0).path("request").toString())
        .isEqualTo(
            "{\"product_facts\":{\"brand\":\"Акме & сыновья\"},"
                + "\"short_description\":\"Кружка «Море»\"}");
    assertThat(items.get(1).path("request").path("short_description").asString())
        .isEqualTo("строка\r\nвторая, _x0041_");
  }

  @Test
  void rowsHiddenByAFilterAreSubmittedAndCountedInAWarning() throws IOException {
    Path file =
        aWorkbook()
            .sheet(
                "Товары",
                row(1, inline("A1", "sku"), inline("B1", "short_description")),
                row(2, inline("A2", "mug-1"), inline("B2", "Кружка")),
                "<row r=\"3\" hidden=\"1\">"
                    + inline("A3", "vase-2")
                    + inline("B3", "Ваза")
                    + "</row>",
                "<row r=\"4\" hidden=\"true\">"
                    + inline("A4", "cup-3")
                    + inline("B4", "Чашка")
                    + "</row>",
                "<row r=\"5\" hidden=\"1\"></row>")
            .writeTo(dir.resolve("filtered.xlsx"));

    assertThat(items(file)).hasSize(3);
    assertThat(warnings)
        .containsExactly(
            "2 row(s) hidden in the sheet (by a filter or by hand) are submitted too, the first row"
                + " 3; delete the rows that are not meant to be, or copy the visible ones to a new"
                + " sheet");
  }

  @Test
  void writesNumbersInPlainNotationAndIntegersWithoutAFraction() throws IOException {
    String[] written = {"500", "500.0", "5E+2", "0.25", "1.50", "1E-3", "-0", "4601234567890"};
    assertThat(sentAsFacts(written))
        .containsExactly("500", "500", "500", "0.25", "1.5", "0.001", "0", "4601234567890");
  }

  @Test
  void showsANumberWrittenOutInFullToTheFifteenDigitsExcelKeeps() throws IOException {
    // Excel writes a binary fraction with 17 digits: 2.3 is stored as 2.2999999999999998
    String[] written = {"2.2999999999999998", "0.30000000000000004", "12345678901234567"};
    assertThat(sentAsFacts(written)).containsExactly("2.3", "0.3", "12345678901234600");
  }

  @Test
  void showsNumbersAsTheirCellStylesFormatThem() throws IOException {
    Path file =
        aWorkbook()
            .styles(Map.of(164, "dd.mm.yyyy", 165, "0.0"), 0, 9, 164, 165, 22)
            .sheet(
                "Лист1",
                row(
                    1,
                    inline("A1", "short_description"),
                    inline("B1", "product_facts.discount"),
                    inline("C1", "product_facts.arrival"),
                    inline("D1", "product_facts.weight_kg"),
                    inline("E1", "product_facts.updated"),
                    inline("F1", "product_facts.plain"),
                    inline("G1", "product_facts.unknown_style")),
                row(
                    2,
                    inline("A2", "Кружка"),
                    styled("B2", 1, "0.15"),
                    styled("C2", 2, "45359"),
                    styled("D2", 3, "0.35"),
                    styled("E2", 4, "45359.5"),
                    styled("F2", 0, "0.15"),
                    styled("G2", 99, "0.15")))
            .writeTo(xlsx());

    assertThat(items(file).get(0).path("request").path("product_facts").toString())
        .isEqualTo(
            "{\"arrival\":\"2024-03-08\",\"discount\":\"15%\",\"plain\":\"0.15\","
                + "\"unknown_style\":\"0.15\",\"updated\":\"2024-03-08 12:00\","
                + "\"weight_kg\":\"0.4\"}");
  }

  @Test
  void countsDatesFrom1904WhenTheWorkbookSaysSo() throws IOException {
    Path file =
        aWorkbook()
            .date1904()
            .styles(Map.of(), 0, 14)
            .sheet(
                "Лист1",
                row(1, inline("A1", "short_description"), inline("B1", "product_facts.arrival")),
                row(2, inline("A2", "Кружка"), styled("B2", 1, "43897")))
            .writeTo(xlsx());

    assertThat(items(file).get(0).path("request").path("product_facts").path("arrival").asString())
        .isEqualTo("2024-03-08");
  }

  @Test
  void sendsAWholeNumberAsTheIntegerLengthIs() throws IOException {
    Path file =
        aWorkbook()
            .sheet(
                "Лист1",
                row(1, inline("A1", "short_description"), inline("B1", "length")),
                row(2, inline("A2", "Кружка"), number("B2", "500.0")))
            .writeTo(xlsx());

    assertThat(items(file).get(0).path("request").path("length").isInt()).isTrue();
    assertThat(items(file).get(0).path("request").path("length").asInt()).isEqualTo(500);
  }

  @Test
  void readsBooleansAsTheFlagColumnsAcceptThem() throws IOException {
    Path file =
        aWorkbook()
            .sheet(
                "Лист1",
                row(
                    1,
                    inline("A1", "short_description"),
                    inline("B1", "headers"),
                    inline("C1", "features"),
                    inline("D1", "product_facts.waterproof")),
                row(
                    2,
                    inline("A2", "Кружка"),
                    bool("B2", true),
                    bool("C2", false),
                    bool("D2", true)))
            .writeTo(xlsx());

    assertThat(items(file).get(0).path("request").toString())
        .isEqualTo(
            "{\"features\":false,\"headers\":true,\"product_facts\":{\"waterproof\":\"TRUE\"},"
                + "\"short_description\":\"Кружка\"}");
  }

  @Test
  void placesCellsByTheirReferenceAndCellsWithoutOneAfterThePrevious() throws IOException {
    Path file =
        aWorkbook()
            .sheet(
                "Лист1",
                row(
                    1,
                    inline("A1", "sku"),
                    inline("C1", "short_description"),
                    inline("D1", "style")),
                row(2, inline("A2", "a-1"), inline("C2", "Кружка")),
                // no references at all: A, B, C, D in turn, and the row after row 2
                "<row><c t=\"inlineStr\"><is><t>a-2</t></is></c><c/>"
                    + "<c t=\"inlineStr\"><is><t>Ваза</t></is></c>"
                    + "<c t=\"inlineStr\"><is><t>playful</t></is></c></row>",
                row(4, inline("D4", "standard"), inline("C4", "Чайник"), inline("A4", "a-3")))
            .writeTo(xlsx());

    List<JsonNode> items = items(file);

    assertThat(items)
        .extracting(item -> item.path("custom_id").asString())
        .containsExactly("a-1", "a-2", "a-3");
    assertThat(items)
        .extracting(item -> item.path("request").toString())
        .containsExactly(
            "{\"short_description\":\"Кружка\"}",
            "{\"short_description\":\"Ваза\",\"style\":\"playful\"}",
            "{\"short_description\":\"Чайник\",\"style\":\"standard\"}");
  }

  @Test
  void takesTheFirstFilledRowAsTheHeaderSkipsEmptyRowsAndKeepsTheSheetsRowNumbers()
      throws IOException {
    Path file =
        aWorkbook()
            .sheet(
                "Лист1",
                row(2, "<c r=\"A2\" s=\"1\"/>", inline("B2", " ")),
                row(3, inline("A3", "short_description"), inline("B3", "style")),
                row(5, inline("A5", "Кружка"), inline("B5", "standard")),
                row(6, "<c r=\"A6\" s=\"3\"/><c r=\"B6\" s=\"3\"/>"),
                row(9, inline("A9", "Ваза"), inline("B9", "storytelling")))
            .writeTo(xlsx());

    assertThat(items(file))
        .extracting(item -> item.path("custom_id").asString())
        .containsExactly("row-5", "row-9");
  }

  @Test
  void namesTheSpreadsheetsRowsInProblems() throws IOException {
    Path file =
        aWorkbook()
            .sheet(
                "Лист1",
                row(4, inline("A4", "sku"), inline("B4", "short_description")),
                row(5, inline("A5", "s-1"), inline("B5", "Кружка")),
                row(12, inline("A12", "артикул 2"), inline("B12", "Ваза")),
                row(13, inline("A13", "s-1"), inline("B13", "Чайник")))
            .writeTo(xlsx());

    assertThat(problems(file))
        .extracting(InputProblem::where)
        .containsExactly("row 12 (артикул 2)", "row 13 (s-1)");
  }

  @Test
  void anErrorOrAnUncalculatedFormulaIsAProblemNamingTheCellWhereItWouldBeSent()
      throws IOException {
    Path file =
        aWorkbook()
            .sheet(
                "Лист1",
                row(
                    1,
                    inline("A1", "sku"),
                    inline("B1", "price"),
                    inline("C1", "short_description")),
                row(2, inline("A2", "e-1"), error("B2", "#DIV/0!"), inline("C2", "Кружка")),
                row(7, inline("A7", "e-2"), number("B7", "10"), error("C7", "#N/A")),
                row(8, inline("A8", "e-3"), inline("C8", "Ваза")),
                row(9, inline("A9", "e-4"), "<c r=\"C9\"><f>B9&amp;\"!\"</f><v></v></c>"))
            .writeTo(xlsx());

    assertThat(problems(file))
        .containsExactly(
            new InputProblem("row 7, column C", "the cell holds the error #N/A"),
            new InputProblem(
                "row 9, column C",
                "the formula in the cell has no saved result (the program that wrote the file did"
                    + " not calculate it): open the file in Excel or LibreOffice and save it"
                    + " again"));
  }

  @Test
  void readsAFormulasSavedResult() throws IOException {
    Path file =
        aWorkbook()
            .sheet(
                "Лист1",
                row(1, inline("A1", "short_description"), inline("B1", "length")),
                row(
                    2,
                    "<c r=\"A2\" t=\"str\"><f>\"Кружка \"&amp;\"синяя\"</f><v>Кружка синяя</v></c>",
                    "<c r=\"B2\"><f>250*2</f><v>500</v></c>"))
            .writeTo(xlsx());

    assertThat(items(file).get(0).path("request").toString())
        .isEqualTo("{\"length\":500,\"short_description\":\"Кружка синяя\"}");
  }

  @Test
  void readsTheFirstVisibleWorksheetAndSaysSoWhenThereAreOthers() throws IOException {
    Path file =
        aWorkbook()
            .chartSheet("Диаграмма")
            .hiddenSheet(
                "Справочник",
                row(1, inline("A1", "short_description")),
                row(2, inline("A2", "нет")))
            .sheet("Товары", row(1, inline("A1", "short_description")), row(2, inline("A2", "да")))
            .sheet("Архив", row(1, inline("A1", "short_description")), row(2, inline("A2", "нет")))
            .writeTo(xlsx());

    assertThat(descriptions(file)).containsExactly("да");
    assertThat(warnings)
        .containsExactly(
            "reading the sheet «Товары» of products.xlsx; its sheets: Диаграмма, Справочник,"
                + " Товары, Архив (pass --sheet NAME for another)");
  }

  @Test
  void readsTheSheetNamedWithSheetRegardlessOfCase() throws IOException {
    Path file =
        aWorkbook()
            .sheet("Товары", row(1, inline("A1", "short_description")), row(2, inline("A2", "да")))
            .sheet(
                "Новинки", row(1, inline("A1", "short_description")), row(2, inline("A2", "новое")))
            .writeTo(xlsx());

    assertThat(descriptions(file, "новинки")).containsExactly("новое");
    assertThat(warnings).isEmpty();
  }

  @Test
  void anUnknownSheetIsAProblemListingTheSheets() throws IOException {
    Path file =
        aWorkbook()
            .sheet("Товары", row(1, inline("A1", "short_description")))
            .chartSheet("Диаграмма")
            .writeTo(xlsx());

    assertThat(problems(file, "Цены"))
        .containsExactly(
            new InputProblem(
                "products.xlsx", "there is no sheet «Цены»; its sheets: Товары, Диаграмма"));
    assertThat(problems(file, "Диаграмма"))
        .containsExactly(
            new InputProblem(
                "products.xlsx",
                "the sheet «Диаграмма» is a chartsheet, without cells; its sheets: Товары,"
                    + " Диаграмма"));
  }

  @Test
  void findsTheSheetsThroughTheRelationshipsNotByTheirPartNames() throws IOException {
    Path file =
        aWorkbook()
            .workbookAt("book/main.xml")
            .sheetAt(
                "Товары",
                "/book/data/products.xml",
                row(1, inline("A1", "short_description")),
                row(2, shared("A2", 0)))
            .sheetAt(
                "Старое",
                "../book/./worksheets/sheet1.xml",
                row(1, inline("A1", "short_description")),
                row(2, inline("A2", "из sheet1.xml")))
            .sharedStrings("из products.xml и book/sharedStrings.xml")
            .writeTo(xlsx());

    assertThat(descriptions(file)).containsExactly("из products.xml и book/sharedStrings.xml");
    assertThat(descriptions(file, "Старое")).containsExactly("из sheet1.xml");
  }

  @Test
  void findsPartsWhateverTheCaseOfTheirNames() throws IOException {
    Path file =
        aWorkbook()
            .sheet("Товары", row(1, inline("A1", "short_description")), row(2, inline("A2", "да")))
            .part(
                "xl/_rels/workbook.xml.rels",
                "<Relationships xmlns=\"http://schemas.openxmlformats.org/package/2006/relationships\">"
                    + "<Relationship Id=\"rId1\" Type=\""
                    + TestWorkbook.RELATIONSHIPS
                    + "/worksheet\" Target=\"Worksheets/Sheet1.XML\"/></Relationships>")
            .writeTo(xlsx());

    assertThat(descriptions(file)).containsExactly("да");
  }

  @Test
  void aWorkbookWhoseRelationshipsAreMissingIsAProblemNotAGuess() throws IOException {
    Path file =
        aWorkbook()
            .sheet("Товары", row(1, inline("A1", "short_description")), row(2, inline("A2", "да")))
            .without("xl/_rels/workbook.xml.rels")
            .writeTo(xlsx());

    assertThat(problems(file))
        .containsExactly(
            new InputProblem(
                "products.xlsx",
                "the part xl/_rels/workbook.xml.rels, which says where the sheets are, is missing"
                    + " or empty: is the file damaged?"));
  }

  @Test
  void aSheetWithoutTheDescriptionColumnNamesItsHeaderRowAndTheOtherSheets() throws IOException {
    Path file =
        aWorkbook()
            .sheet(
                "Инструкция",
                row(2, inline("B2", "Заполните лист «Товары»")),
                row(3, inline("B3", "short_description — описание")))
            .sheet("Товары", row(1, inline("A1", "short_description")))
            .writeTo(xlsx());

    assertThat(problems(file))
        .containsExactly(
            new InputProblem(
                "row 2",
                "no short_description (описание) column (found: Заполните лист «Товары»); the"
                    + " header, the row that names the columns, must be among the first 11 filled"
                    + " rows of the sheet «Инструкция»; its sheets: Инструкция, Товары; choose with"
                    + " --sheet"));
  }

  @Test
  void passesOverATitleAndANoteAboveTheHeaderWithAWarning() throws IOException {
    Path file =
        aWorkbook()
            .sheet(
                "Прайс",
                row(1, inline("A1", "Прайс-лист, весна 2026")),
                row(2, inline("A2", "Цены с НДС"), inline("C2", "обновлено 01.03")),
                row(4, inline("A4", "Артикул"), inline("B4", "Описание")),
                row(5, inline("A5", "mug-1"), inline("B5", "Кружка")))
            .writeTo(xlsx());

    assertThat(items(file))
        .extracting(item -> item.path("custom_id").asString())
        .containsExactly("mug-1");
    assertThat(warnings)
        .containsExactly(
            "reading row 4 as the header; rows 1–3 above it (a title or a note) are not read");
  }

  @Test
  void takesTheFirstFilledRowForTheHeaderWhenNoneOfTheFirstElevenNamesTheColumn()
      throws IOException {
    List<String> rows = new ArrayList<>();
    for (int number = 1; number <= HeaderSearch.MAX_ROWS_ABOVE + 1; number++) {
      rows.add(row(number, inline("A" + number, "sku"), inline("B" + number, "name")));
    }
    rows.add(row(20, inline("A20", "sku"), inline("B20", "short_description")));
    Path file = aWorkbook().sheet("Лист1", rows.toArray(String[]::new)).writeTo(xlsx());

    assertThat(problems(file))
        .containsExactly(
            new InputProblem(
                "row 1",
                "no short_description (описание) column (found: sku, name); the header, the row"
                    + " that names the columns, must be among the first 11 filled rows of the sheet"
                    + " «Лист1»"));
  }

  @Test
  void anEmptySheetIsAProblem() throws IOException {
    Path file = aWorkbook().sheet("Лист1", row(1, "<c r=\"A1\" s=\"2\"/>")).writeTo(xlsx());

    assertThat(problems(file))
        .containsExactly(new InputProblem("products.xlsx", "the sheet «Лист1» is empty"));
  }

  @Test
  void warnsOnceAboutTheColumnsItIgnores() throws IOException {
    Path file =
        aWorkbook()
            .sheet(
                "Лист1",
                row(
                    1,
                    inline("A1", "short_description"),
                    inline("B1", "Цена"),
                    inline("C1", "stock")),
                row(2, inline("A2", "Кружка"), number("B2", "990"), number("C2", "4")))
            .writeTo(xlsx());

    items(file);

    assertThat(warnings).containsExactly("ignoring columns: цена, stock");
  }

  @Test
  void namesColumnsAsTheSpreadsheetDoes() {
    assertThat(ColumnLetters.column("A7")).isZero();
    assertThat(ColumnLetters.column("c7")).isEqualTo(2);
    assertThat(ColumnLetters.column("AA1")).isEqualTo(26);
    assertThat(ColumnLetters.column("XFD1048576")).isEqualTo(16_383);
    assertThat(ColumnLetters.column("XFE1")).isEqualTo(-1);
    assertThat(ColumnLetters.column("7")).isEqualTo(-1);
    assertThat(ColumnLetters.column("A-1")).isEqualTo(-1);
    assertThat(ColumnLetters.of(0)).isEqualTo("A");
    assertThat(ColumnLetters.of(27)).isEqualTo("AB");
    assertThat(ColumnLetters.of(16_383)).isEqualTo("XFD");
  }

  private Path xlsx() {
    return dir.resolve("products.xlsx");
  }

  /** The facts sent for number cells written as {@code written}, one row each. */
  private List<String> sentAsFacts(String... written) throws IOException {
    List<String> rows = new ArrayList<>();
    rows.add(row(1, inline("A1", "short_description"), inline("B1", "product_facts.n")));
    for (int i = 0; i < written.length; i++) {
      rows.add(row(i + 2, inline("A" + (i + 2), "Кружка"), number("B" + (i + 2), written[i])));
    }
    Path file = aWorkbook().sheet("Лист1", rows.toArray(String[]::new)).writeTo(xlsx());
    return items(file).stream()
        .map(item -> item.path("request").path("product_facts").path("n").asString())
        .toList();
  }

  private List<JsonNode> items(Path file) throws IOException {
    return items(file, null);
  }

  private List<JsonNode> items(Path file, String sheet) throws IOException {
    try (PreparedBatch prepared = BatchFiles.prepare(file, options(sheet))) {
      warnings.addAll(prepared.warnings());
      List<JsonNode> items = new ArrayList<>();
      for (String line : Files.readAllLines(prepared.upload().body())) {
        items.add(JSON.readTree(line));
      }
      return items;
    }
  }

  private List<String> descriptions(Path file) throws IOException {
    return descriptions(file, null);
  }

  private List<String> descriptions(Path file, String sheet) throws IOException {
    return items(file, sheet).stream()
        .map(item -> item.path("request").path("short_description").asString())
        .toList();
  }

  private List<InputProblem> problems(Path file) {
    return problems(file, null);
  }

  private List<InputProblem> problems(Path file, String sheet) {
    List<InputProblem> problems = new ArrayList<>();
    assertThatThrownBy(() -> BatchFiles.prepare(file, options(sheet)))
        .isInstanceOfSatisfying(InvalidInput.class, invalid -> problems.addAll(invalid.problems()));
    return problems;
  }

  private static SubmitOptions options(String sheet) {
    return new SubmitOptions(
        null, StandardCharsets.UTF_8, null, 1 << 20, null, Map.of(), false, sheet);
  }
}
