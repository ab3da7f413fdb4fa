package io.cardgen.cli.input;

import static io.cardgen.cli.input.TestWorkbook.aWorkbook;
import static io.cardgen.cli.input.TestWorkbook.bool;
import static io.cardgen.cli.input.TestWorkbook.number;
import static io.cardgen.cli.input.TestWorkbook.row;
import static io.cardgen.cli.input.TestWorkbook.shared;
import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.json.JsonMapper;

/**
 * A workbook as a real program writes it, and the same products saved as CSV.
 *
 * <p>{@code xlsx/openpyxl-products.xlsx} was written once by openpyxl 3.0.9 (Debian bookworm's
 * python3-openpyxl) and is kept as a file; the build has no Python. It was made with:
 *
 * <pre>
 * wb = openpyxl.Workbook(); ws = wb.active; ws.title = "Товары"
 * ws.append(["sku", "short_description", "style", "length", "headers", "features",
 *            "product_facts.brand", "product_facts.weight_kg", "price", "total"])
 * ws.append(["mug-1", "Кружка керамическая, 350 мл", "playful", 500, True, False, "Акме", 0.35,
 *            990.5, "=I2*2"])
 * ws.append(["vase-2", "Ваза «Море» с ручкой", "standard", None, False, True, "", 1.5, 1500,
 *            "=I3*2"])
 * ws.append([])
 * ws.append(["teapot-3", "Чайник\nс двумя строками", "storytelling", 1200, None, True, "Acme", 2,
 *            2490, None])
 * new = wb.create_sheet("Новинки")
 * new.append(["short_description", "style", "length"])
 * new.append(["Подставка под горячее", "friendly", 300])
 * wb.properties.created = wb.properties.modified = datetime.datetime(2025, 1, 1)
 * wb.save("openpyxl-products.xlsx")
 * </pre>
 *
 * openpyxl writes inline strings ({@code t="inlineStr"}), absolute relationship targets, an empty
 * {@code <c t="inlineStr"/>} for "" and formulas without a saved result ({@code <v></v>}): all
 * different from what {@link XlsxItemsTest} builds.
 */
class XlsxFixtureTest {

  private static final JsonMapper JSON = JsonMapper.builder().build();

  @TempDir Path dir;

  @Test
  void readsTheFirstSheetOfTheWorkbookOpenpyxlWrote() throws Exception {
    try (PreparedBatch prepared = BatchFiles.prepare(fixture(), options(null))) {
      assertThat(requests(prepared))
          .containsExactly(
              "{\"custom_id\":\"mug-1\",\"request\":{\"features\":false,\"headers\":true,"
                  + "\"length\":500,\"product_facts\":{\"brand\":\"Акме\",\"weight_kg\":\"0.35\"},"
                  + "\"short_description\":\"Кружка керамическая, 350 мл\",\"style\":\"playful\"}}",
              "{\"custom_id\":\"vase-2\",\"request\":{\"features\":true,\"headers\":false,"
                  + "\"product_facts\":{\"weight_kg\":\"1.5\"},"
                  + "\"short_description\":\"Ваза «Море» с ручкой\",\"style\":\"standard\"}}",
              "{\"custom_id\":\"teapot-3\",\"request\":{\"features\":true,\"length\":1200,"
                  + "\"product_facts\":{\"brand\":\"Acme\",\"weight_kg\":\"2\"},"
                  + "\"short_description\":\"Чайник\\nс двумя строками\",\"style\":\"storytelling\"}}");
      assertThat(prepared.origins())
          .containsExactly("row 2 (mug-1)", "row 3 (vase-2)", "row 5 (teapot-3)");
      assertThat(prepared.warnings())
          .containsExactly(
              "reading the sheet «Товары» of openpyxl-products.xlsx; its sheets: Товары, Новинки"
                  + " (pass --sheet NAME for another)",
              "ignoring columns: price, total");
    }
  }

  @Test
  void readsItsSecondSheetWhenNamed() throws Exception {
    try (PreparedBatch prepared = BatchFiles.prepare(fixture(), options("Новинки"))) {
      assertThat(requests(prepared))
          .containsExactly(
              "{\"custom_id\":\"row-2\",\"request\":{\"length\":300,"
                  + "\"short_description\":\"Подставка под горячее\",\"style\":\"friendly\"}}");
    }
  }

  @Test
  void theSameProductsSavedAsCsvMakeTheSameBatch() throws Exception {
    // As Excel saves the sheet as "CSV UTF-8", and with Russian settings as "CSV (semicolon)".
    String csv =
        "\uFEFFsku,short_description,style,length,headers,features,product_facts.brand,"
            + "product_facts.weight_kg,price,total\n"
            + "mug-1,\"Кружка керамическая, 350 мл\",playful,500,TRUE,FALSE,Акме,0.35,990.5,1981\n"
            + "vase-2,Ваза «Море» с ручкой,standard,,FALSE,TRUE,,1.5,1500,3000\n"
            + ",,,,,,,,,\n"
            + "teapot-3,\"Чайник\nс двумя строками\",storytelling,1200,,TRUE,Acme,2,2490,\n";
    String semicolons =
        "sku;short_description;style;length;headers;features;product_facts.brand;"
            + "product_facts.weight_kg;price;total\n"
            + "mug-1;Кружка керамическая, 350 мл;playful;500;ИСТИНА;ЛОЖЬ;Акме;0.35;990,5;1981\n"
            + "vase-2;Ваза «Море» с ручкой;standard;;ЛОЖЬ;ИСТИНА;;1.5;1500;3000\n"
            + ";;;;;;;;;\n"
            + "teapot-3;\"Чайник\nс двумя строками\";storytelling;1200;;ИСТИНА;Acme;2;2490;\n";

    String workbook = key(fixture());

    assertThat(key(Files.writeString(dir.resolve("products.csv"), csv))).isEqualTo(workbook);
    assertThat(key(Files.writeString(dir.resolve("ru.csv"), semicolons))).isEqualTo(workbook);
  }

  @Test
  void aWorkbookOfSharedStringsAndItsCsvMakeTheSameBatch() throws IOException {
    Path workbook =
        aWorkbook()
            .sharedStrings("sku", "short_description", "length", "slogans", "k-1", "Кружка", "k-2")
            .sheet(
                "Лист1",
                row(1, shared("A1", 0), shared("B1", 1), shared("C1", 2), shared("D1", 3)),
                row(2, shared("A2", 4), shared("B2", 5), number("C2", "3E+2"), bool("D2", true)),
                row(3, shared("A3", 6), shared("B3", 5), number("C3", "250.0"), bool("D3", false)))
            .writeTo(dir.resolve("products.xlsx"));
    Path csv =
        Files.writeString(
            dir.resolve("products.csv"),
            "sku;short_description;length;slogans\nk-1;Кружка;300;да\nk-2;Кружка;250;нет\n");

    assertThat(key(workbook)).isEqualTo(key(csv));
  }

  /**
   * {@code xlsx/openpyxl-formats.xlsx}, written by the same openpyxl, holds numbers in formatted
   * cells: a percentage, dates (one with a time), a number to one decimal, roubles, times of day,
   * durations and a barcode. It was made with:
   *
   * <pre>
   * wb = openpyxl.Workbook(); ws = wb.active; ws.title = "Товары"
   * ws.append(["sku", "short_description", "product_facts.discount", "product_facts.arrival",
   *            "product_facts.weight_kg", "product_facts.price", "product_facts.opens_at",
   *            "product_facts.charge_time", "product_facts.barcode"])
   * ws.append(["mug-1", "Кружка", 0.15, datetime.date(2024, 3, 8), 0.35, 990.456,
   *            datetime.time(9, 30), datetime.timedelta(hours=36), 4601234567890])
   * ws.append(["vase-2", "Ваза", 0.125, datetime.datetime(2024, 12, 31, 18, 45), 2.6, 1500,
   *            datetime.time(21, 0, 15), datetime.timedelta(minutes=90), 4601234567891])
   * for row in ws.iter_rows(min_row=2):
   *     row[2].number_format = "0%"
   *     row[3].number_format = "DD.MM.YYYY" if row[0].value == "mug-1" else "dd.mm.yyyy hh:mm"
   *     row[4].number_format = "0.0"
   *     row[5].number_format = '#,##0.00\\ "₽"'
   *     row[6].number_format = "h:mm" if row[0].value == "mug-1" else "h:mm:ss"
   *     row[7].number_format = "[h]:mm"
   *     row[8].number_format = "0"
   * wb.properties.created = wb.properties.modified = datetime.datetime(2025, 1, 1)
   * wb.save("openpyxl-formats.xlsx")
   * </pre>
   */
  @Test
  void showsTheFormattedNumbersOfAWorkbookOpenpyxlWrote() throws Exception {
    Path formats = Path.of(getClass().getResource("/xlsx/openpyxl-formats.xlsx").toURI());
    try (PreparedBatch prepared = BatchFiles.prepare(formats, options(null))) {
      assertThat(requests(prepared))
          .containsExactly(
              "{\"custom_id\":\"mug-1\",\"request\":{\"product_facts\":{"
                  + "\"arrival\":\"2024-03-08\",\"barcode\":\"4601234567890\","
                  + "\"charge_time\":\"36:00\",\"discount\":\"15%\",\"opens_at\":\"09:30\","
                  + "\"price\":\"990.46\",\"weight_kg\":\"0.4\"},"
                  + "\"short_description\":\"Кружка\"}}",
              "{\"custom_id\":\"vase-2\",\"request\":{\"product_facts\":{"
                  + "\"arrival\":\"2024-12-31 18:45\",\"barcode\":\"4601234567891\","
                  + "\"charge_time\":\"1:30\",\"discount\":\"13%\",\"opens_at\":\"21:00:15\","
                  + "\"price\":\"1500\",\"weight_kg\":\"2.6\"},"
                  + "\"short_description\":\"Ваза\"}}");
    }
  }

  private Path fixture() throws URISyntaxException {
    return Path.of(getClass().getResource("/xlsx/openpyxl-products.xlsx").toURI());
  }

  private static String key(Path file) throws IOException {
    try (PreparedBatch prepared = BatchFiles.prepare(file, options(null))) {
      return prepared.idempotencyKey();
    }
  }

  private static List<String> requests(PreparedBatch prepared) throws IOException {
    List<String> lines = new ArrayList<>();
    for (String line : Files.readAllLines(prepared.upload().body())) {
      lines.add(JSON.readTree(line).toString());
    }
    return lines;
  }

  private static SubmitOptions options(String sheet) {
    return new SubmitOptions(
        null, StandardCharsets.UTF_8, null, 1 << 20, null, Map.of(), false, sheet);
  }
}
