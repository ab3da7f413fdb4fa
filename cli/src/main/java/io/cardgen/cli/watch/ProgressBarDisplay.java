package io.cardgen.cli.watch;

import io.cardgen.cli.api.Batch;
import java.io.PrintStream;
import java.time.Duration;
import java.time.temporal.ChronoUnit;
import me.tongfei.progressbar.ConsoleProgressBarConsumer;
import me.tongfei.progressbar.ProgressBar;
import me.tongfei.progressbar.ProgressBarBuilder;
import me.tongfei.progressbar.ProgressBarStyle;

/**
 * A live bar (done/total, items per second, ETA) with the failure count beside it. The rate and ETA
 * count from when watching began, so a half-done batch does not look infinitely fast.
 */
final class ProgressBarDisplay implements ProgressDisplay {

  private final PrintStream out;
  private final boolean terminal;
  private ProgressBar bar;

  /**
   * @param terminal whether {@code out} is a terminal: then the bar redraws in place at the
   *     terminal's width; otherwise (a log, a pipe) it prints plain lines of a fixed width
   */
  ProgressBarDisplay(PrintStream out, boolean terminal) {
    this.out = out;
    this.terminal = terminal;
  }

  @Override
  public void show(Batch batch) {
    Batch.Counts counts = batch.counts();
    if (bar == null) {
      bar = start(batch.id(), counts);
    }
    bar.maxHint(counts.total());
    bar.stepTo(counts.finished());
    bar.setExtraMessage(
        " " + batch.status() + ", failed " + counts.failed() + ", cancelled " + counts.cancelled());
  }

  private ProgressBar start(String id, Batch.Counts counts) {
    ProgressBarBuilder builder =
        new ProgressBarBuilder()
            .setTaskName(id)
            .setInitialMax(counts.total())
            .setStyle(terminal ? ProgressBarStyle.COLORFUL_UNICODE_BLOCK : ProgressBarStyle.ASCII)
            .setUnit(" items", 1)
            .showSpeed()
            .setSpeedUnit(ChronoUnit.SECONDS)
            .setUpdateIntervalMillis(terminal ? 500 : 5_000)
            .startsFrom(counts.finished(), Duration.ZERO)
            .setConsumer(
                terminal
                    ? new ConsoleProgressBarConsumer(out)
                    : new ConsoleProgressBarConsumer(out, 120));
    return builder.build();
  }

  @Override
  public void close() {
    if (bar != null) {
      bar.close();
    }
  }
}
