package io.cardgen.cli.io;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.io.StringReader;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Lines as BufferedReader reads them, but never one longer than the bound. */
class BoundedLinesTest {

  @Test
  void readsLinesEndedByLfCrOrCrlfAndALastOneWithoutEnd() throws IOException {
    assertThat(lines("a\nbb\r\nccc\rdddd", 10)).containsExactly("a", "bb", "ccc", "dddd");
    assertThat(lines("a\n\n", 10)).containsExactly("a", "");
    assertThat(lines("", 10)).isEmpty();
  }

  @Test
  void takesALineOfExactlyTheBoundOverManyBuffers() throws IOException {
    String line = "x".repeat(20_000);

    assertThat(lines(line + "\r\n" + line, 20_000)).containsExactly(line, line);
  }

  @Test
  void refusesALongerLineByNumberAndSkipsToTheNext() throws IOException {
    try (BoundedLines lines =
        new BoundedLines(new StringReader("ok\n" + "y".repeat(30_000) + "\r\nnext\n"), 20_000)) {
      assertThat(lines.readLine()).isEqualTo("ok");
      assertThatThrownBy(lines::readLine)
          .isInstanceOfSatisfying(
              BoundedLines.TooLong.class, tooLong -> assertThat(tooLong.line()).isEqualTo(2));
      lines.skipRest();
      assertThat(lines.readLine()).isEqualTo("next");
      assertThat(lines.number()).isEqualTo(3);
      assertThat(lines.readLine()).isNull();
    }
  }

  @Test
  void describesBoundsInMebiCharactersWhenRound() {
    assertThat(BoundedLines.describe(64 << 20)).isEqualTo("64M characters");
    assertThat(BoundedLines.describe(100)).isEqualTo("100 characters");
  }

  private static List<String> lines(String text, int maxChars) throws IOException {
    List<String> lines = new ArrayList<>();
    try (BoundedLines reader = new BoundedLines(new StringReader(text), maxChars)) {
      for (String line = reader.readLine(); line != null; line = reader.readLine()) {
        lines.add(line);
      }
    }
    return lines;
  }
}
