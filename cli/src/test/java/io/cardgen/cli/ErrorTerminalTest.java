package io.cardgen.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The progress bar is drawn in place only on a terminal's standard error. */
class ErrorTerminalTest {

  @TempDir Path dir;

  @Test
  void standardErrorOnATerminalDrawsTheBar() throws IOException {
    assertThat(ErrorTerminal.detect(Map.of(), link("/dev/pts/3"), null)).isTrue();
  }

  @Test
  void standardErrorInAFileOrAPipeGetsPlainLinesWhateverStandardOutputIs() throws IOException {
    assertThat(ErrorTerminal.detect(Map.of(), link("/home/seller/watch.log"), null)).isFalse();
    assertThat(ErrorTerminal.detect(Map.of(), link("pipe:[123456]"), null)).isFalse();
  }

  @Test
  void theSettingAndADumbTerminalDecideFirst() throws IOException {
    Path terminal = link("/dev/pts/3");
    assertThat(ErrorTerminal.detect(Map.of("CARDGEN_PROGRESS", "plain"), terminal, null)).isFalse();
    assertThat(ErrorTerminal.detect(Map.of("TERM", "dumb"), terminal, null)).isFalse();
    assertThat(ErrorTerminal.detect(Map.of("CARDGEN_PROGRESS", "bar"), link("/tmp/log"), null))
        .isTrue();
  }

  @Test
  void withoutTheDescriptorAndAConsoleItIsNoTerminal() {
    assertThat(ErrorTerminal.detect(Map.of(), dir.resolve("absent"), null)).isFalse();
  }

  private Path link(String target) throws IOException {
    Path link = dir.resolve("fd2-" + Math.abs(target.hashCode()));
    return Files.createSymbolicLink(link, Path.of(target));
  }
}
