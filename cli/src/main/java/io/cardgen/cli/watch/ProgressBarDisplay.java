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
 * A live bar (done/total, items per second, ETA) with the failure count beside it, redrawn in place
 * on a terminal ({@link PlainProgressLines} writes a log's lines instead). The rate and ETA count
 * from when watching began, so a half-done batch does not look infinitely fast.
 */
final class ProgressBarDisplay implements ProgressDisplay {

  private final PrintStream out;
  private ProgressBar bar;

  /**
   * @param out a terminal: the bar redraws in place at its width
   */
  ProgressBarDisplay(PrintStream out) {
    this.out = out;
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
            .setStyle(ProgressBarStyle.COLORFUL_UNICODE_BLOCK)
            .setUnit(" items", 1)
            .showSpeed()
            .setSpeedUnit(ChronoUnit.SECONDS)
            .setUpdateIntervalMillis(500)
            .startsFrom(counts.finished(), Duration.ZERO)
            .setConsumer(new ConsoleProgressBarConsumer(out));
    return builder.build();
  }

  @Override
  public void close() {
    if (bar != null) {
      bar.close();
    }
  }
}
