package io.cardgen.cli.watch;

import static org.assertj.core.api.Assertions.assertThat;

import io.cardgen.cli.api.Batch;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/** What a batch's progress looks like in a log file or a pipe. */
class PlainProgressLinesTest {

  private final ByteArrayOutputStream written = new ByteArrayOutputStream();
  private final AtomicLong clock = new AtomicLong();

  @Test
  void writesOneWholeLinePerChangeWithoutCarriageReturns() {
    try (PlainProgressLines lines =
        new PlainProgressLines(
            new PrintStream(written, true, StandardCharsets.UTF_8), clock::get)) {
      lines.show(batch("in_progress", 0, 0));
      clock.addAndGet(2_000_000_000L);
      lines.show(batch("in_progress", 0, 0));
      lines.show(batch("in_progress", 4, 1));
      clock.addAndGet(2_000_000_000L);
      lines.show(batch("completed", 10, 1));
    }

    String log = written.toString(StandardCharsets.UTF_8);
    assertThat(log).doesNotContain("\r").endsWith("\n");
    assertThat(log.lines())
        .containsExactly(
            "bat_1 0/10 items (0 %), in_progress, failed 0, cancelled 0",
            "bat_1 4/10 items (40 %), 2.0 items/s, in_progress, failed 1, cancelled 0",
            "bat_1 10/10 items (100 %), 2.5 items/s, completed, failed 1, cancelled 0");
  }

  private static Batch batch(String status, long finished, long failed) {
    return new Batch(
        "bat_1",
        status,
        "2026-11-29T10:00:00Z",
        null,
        new Batch.Counts(10, 10 - finished, 0, finished - failed, failed, 0),
        Map.of(),
        null);
  }
}
