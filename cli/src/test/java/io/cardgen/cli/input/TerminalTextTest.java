package io.cardgen.cli.input;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What the CLI prints from an input file cannot drive the terminal. */
class TerminalTextTest {

  private static final String CLEAR_SCREEN = "\u001b[2J";
  private static final String TITLE = "\u001b]0;owned\u0007";

  @TempDir Path dir;

  @Test
  void controlsAndBidiOverridesBecomeReplacementsAndLineBreaksSpaces() {
    assertThat(TerminalText.of("a" + CLEAR_SCREEN + "b\u009bc\u202Ed\ne\tf\u007f"))
        .isEqualTo("a\uFFFD[2Jb\uFFFDc\uFFFDd e f\uFFFD");
    assertThat(TerminalText.of("Кружка «Море» — 300 мл")).isEqualTo("Кружка «Море» — 300 мл");
  }

  @Test
  void problemsAndWarningsQuotingAHostileFileCarryNoEscapes() throws IOException {
    Path file = dir.resolve("hostile.csv");
    Files.writeString(
        file,
        "sku,short_description,price" + TITLE + "\n" + "sku-1" + CLEAR_SCREEN + ",Кружка,1\n",
        StandardCharsets.UTF_8);

    assertThatThrownBy(
            () ->
                BatchFiles.prepare(file, BatchFilesTest.options(StandardCharsets.UTF_8, Map.of())))
        .isInstanceOfSatisfying(
            InvalidInput.class,
            invalid ->
                assertThat(invalid.problems())
                    .isNotEmpty()
                    .allSatisfy(
                        problem -> {
                          assertThat(problem.where()).doesNotContain("\u001b");
                          assertThat(problem.message()).doesNotContain("\u001b", "\u0007");
                        }));
  }

  @Test
  void aWarningQuotingAHostileHeaderCarriesNoEscapes() throws IOException {
    Path file = dir.resolve("hostile-header.csv");
    Files.writeString(
        file,
        "sku,short_description,style,price" + TITLE + "\nsku-1,Кружка,standard,1\n",
        StandardCharsets.UTF_8);

    try (PreparedBatch prepared =
        BatchFiles.prepare(file, BatchFilesTest.options(StandardCharsets.UTF_8, Map.of()))) {
      assertThat(prepared.warnings())
          .singleElement()
          .asString()
          .startsWith("ignoring columns: price")
          .doesNotContain("\u001b", "\u0007");
    }
  }
}
