package io.cardgen.cli.input;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Which reader a file gets by its name, and which spreadsheet files are refused by name. */
class InputFormatTest {

  @Test
  void choosesTheFormatByTheExtensionInAnyCase() {
    assertThat(InputFormat.of(Path.of("dir/Товары.XLSX"))).isEqualTo(InputFormat.XLSX);
    assertThat(InputFormat.of(Path.of("macros.xlsm"))).isEqualTo(InputFormat.XLSX);
    assertThat(InputFormat.of(Path.of("export.tsv"))).isEqualTo(InputFormat.CSV);
    assertThat(InputFormat.of(Path.of("items.ndjson"))).isEqualTo(InputFormat.JSONL);
  }

  @ParameterizedTest
  @CsvSource({
    "products.xls, an Excel 97-2003 workbook",
    "Products.XLSB, an Excel binary workbook",
    "products.ods, 'an OpenDocument spreadsheet (LibreOffice, OpenOffice)'",
    "products.numbers, an Apple Numbers file"
  })
  void refusesASpreadsheetItCannotReadNamingTheFileAndTheWayOut(String name, String what) {
    assertThat(problems(Path.of("/home/seller", name)))
        .containsExactly(
            new InputProblem(
                name,
                "this is "
                    + what
                    + ", which cardgen does not read: open it and save or export it as .xlsx"
                    + " (Excel Workbook) or as CSV UTF-8"));
  }

  @Test
  void anUnknownExtensionNamesTheFormatsItReads() {
    assertThat(problems(Path.of("products.pdf")))
        .containsExactly(
            new InputProblem(
                "products.pdf",
                "unknown file type: name it .csv, .xlsx or .jsonl, or pass --format"));
  }

  private static List<InputProblem> problems(Path file) {
    List<InputProblem> problems = new ArrayList<>();
    assertThatThrownBy(() -> InputFormat.of(file))
        .isInstanceOfSatisfying(InvalidInput.class, invalid -> problems.addAll(invalid.problems()));
    return problems;
  }
}
