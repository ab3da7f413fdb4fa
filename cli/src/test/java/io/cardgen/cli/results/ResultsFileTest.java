package io.cardgen.cli.results;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Resuming an output file an interrupted run left behind. */
class ResultsFileTest {

  @TempDir Path dir;

  @Test
  void aNewFileStartsAfterSeqZero() throws IOException {
    try (ResultsFile file = ResultsFile.open(dir.resolve("cards.jsonl"), false)) {
      assertThat(file.resumedAfter()).isZero();
    }
  }

  @Test
  void dropsAHalfWrittenJsonlLineAndResumesAfterTheLastCompleteOne() throws IOException {
    Path path = dir.resolve("cards.jsonl");
    try (ResultsFile file = ResultsFile.open(path, false)) {
      file.accept(line(1, "a"));
      file.accept(line(2, "b"));
    }
    Files.writeString(path, "{\"seq\":3,\"custom_id\":\"c\",\"sta", StandardOpenOption.APPEND);

    try (ResultsFile file = ResultsFile.open(path, false)) {
      assertThat(file.resumedAfter()).isEqualTo(2);
      file.accept(line(3, "c"));
    }

    assertThat(Files.readAllLines(path)).containsExactly(line(1, "a"), line(2, "b"), line(3, "c"));
  }

  @Test
  void skipsLinesTheFileAlreadyHas() throws IOException {
    Path path = dir.resolve("cards.jsonl");
    try (ResultsFile file = ResultsFile.open(path, false)) {
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
    try (ResultsFile file = ResultsFile.open(path, false)) {
      file.accept(card(1, "Первая строка\r\nвторая, с запятой"));
      file.accept(card(2, "Ещё\nодна"));
    }
    Files.writeString(
        path, "3,x-3,succeeded,,,u3,,standard,,\"Обрыв\nна полу", StandardOpenOption.APPEND);

    try (ResultsFile file = ResultsFile.open(path, false)) {
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
    ResultsFile.open(path, false).close();

    try (ResultsFile file = ResultsFile.open(path, false)) {
      assertThat(file.resumedAfter()).isZero();
    }
    assertThat(Files.readString(path).split("\r\n")).hasSize(1);
  }

  @Test
  void refusesToAppendToAFileItDidNotWriteUnlessToldToOverwrite() throws IOException {
    Path path = dir.resolve("notes.jsonl");
    Files.writeString(path, "my own notes\n");

    assertThatThrownBy(() -> ResultsFile.open(path, false)).isInstanceOf(NotAResultsFile.class);
    assertThat(Files.readString(path)).isEqualTo("my own notes\n");

    try (ResultsFile file = ResultsFile.open(path, true)) {
      assertThat(file.resumedAfter()).isZero();
    }
    assertThat(Files.readString(path)).isEmpty();
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
