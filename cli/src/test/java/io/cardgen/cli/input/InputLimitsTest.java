package io.cardgen.cli.input;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.node.ObjectNode;

/**
 * A line or row longer than one item can be is refused by its number, without being held in memory.
 * The bounds are small here; the real one is {@link ItemSource#MAX_ITEM_CHARS}.
 */
class InputLimitsTest {

  @TempDir Path dir;

  private final List<String> taken = new ArrayList<>();
  private final Problems problems = new Problems();

  @Test
  void aJsonlLineOverTheBoundIsRefusedByNumberAndTheOthersAreRead() throws IOException {
    Path file = dir.resolve("products.jsonl");
    Files.writeString(
        file,
        item("j-1", "Кружка")
            + "\n"
            + item("j-2", "x".repeat(5_000))
            + "\r\n"
            + item("j-3", "Ваза")
            + "\n");

    new JsonlItems(file, photos(), 1_000).read(this::take, problems);

    assertThat(taken).containsExactly("j-1", "j-3");
    assertThat(problems())
        .containsExactly(
            new InputProblem(
                "line 2",
                "this line of products.jsonl is longer than 1000 characters, more than one item"
                    + " can be (the service refuses an item over 32 MiB)"));
  }

  @Test
  void aCsvRowOverTheBoundStopsTheReadingAndNamesTheRowAndItsLine() throws IOException {
    Path file = dir.resolve("products.csv");
    Files.writeString(
        file,
        "sku,short_description\n"
            + "c-1,\"Кружка\nв две строки\"\n"
            + "c-2,\"a quote never closed "
            + "y".repeat(50_000)
            + "\nc-3,Ваза\n");

    csv(file, 1_000).read(this::take, problems);

    assertThat(taken).containsExactly("c-1");
    assertThat(problems())
        .singleElement()
        .satisfies(
            problem -> {
              assertThat(problem.where()).isEqualTo("row 3");
              assertThat(problem.message())
                  .startsWith(
                      "this row of products.csv (from line 4) is longer than 1000 characters")
                  .endsWith("is a quote not closed? The rest of the file was not read");
            });
  }

  @Test
  void aHeaderRowOverTheBoundIsRowOne() throws IOException {
    Path file = dir.resolve("products.csv");
    Files.writeString(file, "sku,short_description," + "z".repeat(5_000) + "\nc-1,Кружка\n");

    csv(file, 1_000).read(this::take, problems);

    assertThat(taken).isEmpty();
    assertThat(problems()).extracting(InputProblem::where).containsExactly("row 1");
  }

  @Test
  void manyShortRowsNeverAddUpToTheBound() throws IOException {
    StringBuilder rows = new StringBuilder("sku;short_description\n");
    for (int i = 1; i <= 2_000; i++) {
      rows.append("s-").append(i).append(";Кружка номер ").append(i).append('\n');
    }
    Path file = dir.resolve("products.csv");
    Files.writeString(file, rows);

    csv(file, 100).read(this::take, problems);

    assertThat(problems.any()).isFalse();
    assertThat(taken).hasSize(2_000).endsWith("s-2000");
  }

  @Test
  void aHeaderRowLongerThanTheDelimiterSampleStillParses() throws IOException {
    Path file = dir.resolve("wide.csv");
    Files.writeString(
        file,
        "sku;short_description;" + "w".repeat(100_000) + "\nw-1;Кружка;x\n",
        StandardCharsets.UTF_8);

    assertThat(BatchFilesTest.items(file, BatchFilesTest.options(StandardCharsets.UTF_8, Map.of())))
        .extracting(item -> item.path("custom_id").asString())
        .containsExactly("w-1");
  }

  private void take(String origin, String customId, ObjectNode request) {
    taken.add(customId);
  }

  private List<InputProblem> problems() {
    try {
      problems.throwIfAny();
      return List.of();
    } catch (InvalidInput invalid) {
      return invalid.problems();
    }
  }

  private CsvItems csv(Path file, long maxRowChars) {
    return new CsvItems(file, StandardCharsets.UTF_8, null, photos(), warning -> {}, maxRowChars);
  }

  private Photos photos() {
    return new Photos(dir, 1024 * 1024);
  }

  private static String item(String customId, String description) {
    return "{\"custom_id\":\""
        + customId
        + "\",\"request\":{\"short_description\":\""
        + description
        + "\"}}";
  }
}
