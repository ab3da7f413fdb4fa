package io.cardgen.evals;

import java.io.PrintStream;
import java.util.concurrent.atomic.AtomicInteger;

/** One line on the terminal, redrawn as cards come back: {@code [#####.....] 30/66 2 failed}. */
final class ProgressBar {

  private static final int WIDTH = 30;

  private final PrintStream out;
  private final int total;
  private final AtomicInteger done = new AtomicInteger();
  private final AtomicInteger failed = new AtomicInteger();

  ProgressBar(PrintStream out, int total) {
    this.out = out;
    this.total = total;
  }

  synchronized void cardDone(boolean succeeded) {
    int count = done.incrementAndGet();
    int failures = succeeded ? failed.get() : failed.incrementAndGet();
    int filled = total == 0 ? WIDTH : count * WIDTH / total;
    out.print(
        "\r[%s%s] %d/%d, %d failed"
            .formatted("#".repeat(filled), ".".repeat(WIDTH - filled), count, total, failures));
    if (count == total) {
      out.println();
    }
    out.flush();
  }
}
