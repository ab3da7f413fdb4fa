package io.cardgen.cli.results;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.Map;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.json.JsonMapper;

/** The results as an .xlsx workbook, and which files it may replace. */
class ResultsWorkbookTest {

  private static final JsonMapper JSON = JsonMapper.builder().build();

  @TempDir Path dir;

  @Test
  void writesTheColumnsOfTheCsvWithTextsAsTheyAreAndNumbersAsNumbers() throws IOException {
    String formula = "=HYPERLINK(\"http://example.com\",\"Купить\")";
    String awkward = "контроль\u0001 и _x0041_ как текст, <теги> & \"кавычки\"";
    Path download =
        jsonl(
            Map.of(
                "seq",
                1,
                "custom_id",
                "mug-1",
                "status",
                "succeeded",
                "card",
                Map.of(
                    "description",
                    formula,
                    "description_length",
                    41,
                    "features",
                    List.of("Прочная", "Лёгкая"),
                    "audience",
                    awkward)),
            Map.of(
                "seq",
                2,
                "custom_id",
                "vase-2",
                "status",
                "failed",
                "error",
                Map.of("code", "generation_failed", "message", "Не удалось")));
    Path workbook = dir.resolve("cards.xlsx");

    assertThat(ResultsWorkbook.write(download, workbook)).isZero();

    List<List<String>> rows = CardsXlsx.rows(workbook);
    assertThat(rows.get(0)).isEqualTo(CsvResults.HEADER);
    assertThat(rows).hasSize(3);
    assertThat(cell(rows, 1, "custom_id")).isEqualTo("mug-1");
    assertThat(cell(rows, 1, "description")).isEqualTo(formula);
    assertThat(cell(rows, 1, "features")).isEqualTo("Прочная\nЛёгкая");
    assertThat(cell(rows, 1, "audience")).isEqualTo(awkward);
    assertThat(cell(rows, 2, "error_code")).isEqualTo("generation_failed");
    assertThat(cell(rows, 2, "error_message")).isEqualTo("Не удалось");
    List<CardsXlsx.Cell> first = CardsXlsx.cells(workbook).get(1);
    assertThat(first.get(0)).isEqualTo(new CardsXlsx.Cell("1", true));
    assertThat(first.get(CsvResults.HEADER.indexOf("description_length")))
        .isEqualTo(new CardsXlsx.Cell("41", true));
    assertThat(first.get(CsvResults.HEADER.indexOf("description")).number()).isFalse();
  }

  @Test
  void cutsATextLongerThanExcelTakesAndCountsIt() throws IOException {
    String longText = "д".repeat(SheetCells.MAX_CELL_CHARS + 10);
    Path download =
        jsonl(
            Map.of(
                "seq",
                1,
                "custom_id",
                "a",
                "status",
                "succeeded",
                "card",
                Map.of("description", longText)));
    Path workbook = dir.resolve("cards.xlsx");

    assertThat(ResultsWorkbook.write(download, workbook)).isEqualTo(1);

    String written = cell(CardsXlsx.rows(workbook), 1, "description");
    assertThat(written).hasSize(SheetCells.MAX_CELL_CHARS).endsWith("д…");
  }

  @Test
  void replacesOnlyAWorkbookItWrote() throws IOException {
    Path ours = dir.resolve("cards.xlsx");
    ResultsWorkbook.write(jsonl(), ours);
    Path input = dir.resolve("products.xlsx");
    try (ZipOutputStream zip = new ZipOutputStream(Files.newOutputStream(input))) {
      zip.putNextEntry(new ZipEntry("xl/workbook.xml"));
      zip.write("<workbook/>".getBytes());
      zip.closeEntry();
    }
    Path text = Files.writeString(dir.resolve("notes.xlsx"), "sku,short_description\n");

    ResultsWorkbook.checkReplaceable(ours, false);
    ResultsWorkbook.checkReplaceable(dir.resolve("missing.xlsx"), false);
    ResultsWorkbook.checkReplaceable(input, true);
    for (Path other : List.of(input, text)) {
      byte[] before = Files.readAllBytes(other);
      assertThatThrownBy(() -> ResultsWorkbook.checkReplaceable(other, false))
          .isInstanceOf(NotAResultsFile.class)
          .hasMessageContaining("is not a results workbook written by cardgen");
      assertThat(Files.readAllBytes(other)).isEqualTo(before);
    }
  }

  @Test
  void keepsTheDownloadBesideTheWorkbook() {
    assertThat(ResultsWorkbook.downloadOf(dir.resolve("cards.xlsx")))
        .isEqualTo(dir.resolve("cards.xlsx.jsonl"));
    assertThat(ResultsWorkbook.isFor(Path.of("Cards.XLSX"))).isTrue();
    assertThat(ResultsWorkbook.isFor(Path.of("cards.csv"))).isFalse();
  }

  private static String cell(List<List<String>> rows, int row, String column) {
    List<String> cells = rows.get(row);
    int index = CsvResults.HEADER.indexOf(column);
    return index < cells.size() ? cells.get(index) : "";
  }

  @Test
  void getsThePermissionsOfANewFileAndKeepsThoseTheUserGaveIt() throws IOException {
    Path download = jsonl(Map.of("seq", 1, "custom_id", "mug-1", "status", "failed"));
    Path workbook = dir.resolve("cards.xlsx");
    Path other = Files.createFile(dir.resolve("any-new-file"));

    ResultsWorkbook.write(download, workbook);

    assertThat(Files.getPosixFilePermissions(workbook))
        .isEqualTo(Files.getPosixFilePermissions(other));
    Files.setPosixFilePermissions(workbook, PosixFilePermissions.fromString("rw-rw-r--"));
    ResultsWorkbook.write(download, workbook);
    assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(workbook)))
        .isEqualTo("rw-rw-r--");
    try (var left = Files.list(dir)) {
      assertThat(left.map(path -> path.getFileName().toString()))
          .containsExactlyInAnyOrder("cards.xlsx", "cards.xlsx.jsonl", "any-new-file");
    }
  }

  @SafeVarargs
  private Path jsonl(Map<String, Object>... results) throws IOException {
    StringBuilder lines = new StringBuilder();
    for (Map<String, Object> result : results) {
      lines.append(JSON.writeValueAsString(result)).append('\n');
    }
    return Files.writeString(dir.resolve("cards.xlsx.jsonl"), lines);
  }
}
