package io.cardgen.cli.input;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.charset.Charset;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

/**
 * A CSV row with text past its header's last column is refused, naming the row, rather than cut
 * off: the cut is a description split by the wrong delimiter, and would be charged as a wrong card.
 */
class CsvRowWiderThanItsHeaderTest {

  private static final Charset CP1251 = Charset.forName("windows-1251");

  @TempDir Path dir;

  /**
   * Russian Excel's "CSV (разделители — точка с запятой)" of a one-column sheet: the header has no
   * delimiter, so a comma is guessed, and the commas in the cell are not quoted.
   */
  @Test
  void aOneColumnSemicolonExportWithCommasInADescriptionIsRefusedNamingTheRow() throws IOException {
    Path csv = dir.resolve("products.csv");
    Files.write(csv, "Описание\r\nКружка, белая, 300 мл\r\nВаза\r\n".getBytes(CP1251));

    assertThatThrownBy(() -> BatchFilesTest.items(csv, options(null)))
        .isInstanceOfSatisfying(
            InvalidInput.class,
            invalid -> {
              assertThat(invalid.problems()).hasSize(1);
              assertThat(invalid.problems().get(0).where()).isEqualTo("row 2");
              assertThat(invalid.problems().get(0).message())
                  .startsWith("this row has 3 cells but the header names 1,")
                  .contains("is the delimiter right? It was taken to be ','")
                  .contains("pass --delimiter");
            });
  }

  @Test
  void theSameExportIsReadWholeWithTheDelimiterGiven() throws IOException {
    Path csv = dir.resolve("products.csv");
    Files.write(csv, "Описание\r\nКружка, белая, 300 мл\r\n".getBytes(CP1251));

    List<JsonNode> items = BatchFilesTest.items(csv, options(';'));

    assertThat(items.get(0).path("request").path("short_description").asString())
        .isEqualTo("Кружка, белая, 300 мл");
  }

  @Test
  void everyRowWiderThanItsHeaderIsRefusedNotCut() throws IOException {
    Path csv = dir.resolve("products.csv");
    Files.writeString(csv, "sku,Описание\nA-1,Кружка, белая\nA-2,Ваза\nA-3,Чайник,\"1,5 л\"\n");

    assertThatThrownBy(() -> BatchFilesTest.items(csv, options(null)))
        .isInstanceOfSatisfying(
            InvalidInput.class,
            invalid ->
                assertThat(invalid.problems())
                    .extracting(InputProblem::where)
                    .containsExactly("row 2", "row 4"));
  }

  @Test
  void emptyCellsPastTheHeaderAsExcelPadsRowsAreAccepted() throws IOException {
    Path csv = dir.resolve("products.csv");
    Files.writeString(csv, "sku;Описание\nA-1;Кружка;;\nA-2;Ваза; ;\n");

    List<JsonNode> items = BatchFilesTest.items(csv, options(null));

    assertThat(items)
        .extracting(item -> item.path("request").path("short_description").asString())
        .containsExactly("Кружка", "Ваза");
  }

  private static SubmitOptions options(Character delimiter) {
    return new SubmitOptions(null, null, delimiter, 1024 * 1024, null, Map.of());
  }
}
