package io.cardgen.cli.watch;

import io.cardgen.cli.api.Batch;
import io.cardgen.cli.api.BatchApi;
import io.cardgen.cli.api.Pause;
import java.io.PrintStream;
import java.time.Duration;
import java.util.concurrent.CancellationException;

/** Follows a batch until nothing is left to do, showing its progress, and sums it up. */
public final class BatchWatch {

  private static final Duration FASTEST = Duration.ofSeconds(1);
  private static final Duration SLOWEST = Duration.ofSeconds(10);

  private final BatchApi api;
  private final Pause pause;
  private final PrintStream out;
  private final boolean terminal;

  public BatchWatch(BatchApi api, Pause pause, PrintStream out, boolean terminal) {
    this.api = api;
    this.pause = pause;
    this.out = out;
    this.terminal = terminal;
  }

  /** Polls until the batch is {@code completed} or {@code cancelled}; answers it as it ended. */
  public Batch untilFinished(String id) {
    PollSchedule schedule = new PollSchedule(FASTEST, SLOWEST);
    Batch batch = api.get(id);
    try (ProgressDisplay display =
        terminal ? new ProgressBarDisplay(out) : new PlainProgressLines(out)) {
      display.show(batch);
      Duration wait = FASTEST;
      while (!batch.isFinished()) {
        sleep(wait);
        Batch now = api.get(id);
        boolean moved =
            !now.counts().equals(batch.counts()) || !now.status().equals(batch.status());
        wait = schedule.next(moved);
        batch = now;
        display.show(batch);
      }
    }
    return batch;
  }

  private void sleep(Duration duration) {
    try {
      pause.sleep(duration);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new CancellationException("interrupted");
    }
  }
}
