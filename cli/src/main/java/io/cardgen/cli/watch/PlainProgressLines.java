package io.cardgen.cli.watch;

import io.cardgen.cli.api.Batch;
import java.io.PrintStream;
import java.time.Duration;
import java.util.Locale;
import java.util.function.LongSupplier;

/**
 * Progress for a log file or a pipe: one line each time the counts or the status change, e.g.
 * {@code bat_… 150/10000 items (1 %), 2.5 items/s, in_progress, failed 3, cancelled 0}. No carriage
 * returns, no colours, no line repeated while nothing moves, so a cron job's log reads top to
 * bottom. The rate counts from when watching began, as the bar's does.
 */
final class PlainProgressLines implements ProgressDisplay {

  private final PrintStream out;
  private final LongSupplier nanoTime;
  private long startedAt;
  private long finishedAtStart = -1;
  private String last;

  PlainProgressLines(PrintStream out) {
    this(out, System::nanoTime);
  }

  PlainProgressLines(PrintStream out, LongSupplier nanoTime) {
    this.out = out;
    this.nanoTime = nanoTime;
  }

  @Override
  public void show(Batch batch) {
    Batch.Counts counts = batch.counts();
    if (finishedAtStart < 0) {
      finishedAtStart = counts.finished();
      startedAt = nanoTime.getAsLong();
    }
    String state =
        "%s %d/%d items (%d %%), %s, failed %d, cancelled %d"
            .formatted(
                batch.id(),
                counts.finished(),
                counts.total(),
                counts.total() == 0 ? 100 : counts.finished() * 100 / counts.total(),
                batch.status(),
                counts.failed(),
                counts.cancelled());
    if (state.equals(last)) {
      return;
    }
    last = state;
    out.println(withRate(state, counts.finished() - finishedAtStart));
    out.flush();
  }

  /** The rate goes after the percentage; it is left out of the comparison, as it always moves. */
  private String withRate(String state, long finishedSinceStart) {
    Duration watched = Duration.ofNanos(nanoTime.getAsLong() - startedAt);
    if (watched.isZero() || finishedSinceStart == 0) {
      return state;
    }
    double perSecond = finishedSinceStart * 1e9 / watched.toNanos();
    int afterPercent = state.indexOf("), ") + 1;
    return state.substring(0, afterPercent)
        + String.format(Locale.ROOT, ", %.1f items/s", perSecond)
        + state.substring(afterPercent);
  }

  @Override
  public void close() {
    // every line is complete when written
  }
}
