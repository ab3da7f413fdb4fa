package io.cardgen.cli.watch;

import io.cardgen.cli.api.Batch;
import java.time.Duration;
import java.time.Instant;
import java.time.format.DateTimeParseException;

/** The one line that sums up a batch: "bat_1 completed: 198 succeeded, 2 failed, … in 3m 12s". */
public final class Summary {

  private Summary() {}

  public static String of(Batch batch) {
    Batch.Counts counts = batch.counts();
    return batch.id()
        + " "
        + batch.status()
        + ": "
        + counts.succeeded()
        + " succeeded, "
        + counts.failed()
        + " failed, "
        + counts.cancelled()
        + " cancelled of "
        + counts.total()
        + took(batch);
  }

  private static String took(Batch batch) {
    if (batch.createdAt() == null || batch.completedAt() == null) {
      return "";
    }
    try {
      Duration took =
          Duration.between(Instant.parse(batch.createdAt()), Instant.parse(batch.completedAt()));
      return " in " + human(took);
    } catch (DateTimeParseException unreadable) {
      return "";
    }
  }

  static String human(Duration duration) {
    long seconds = Math.max(0, duration.toSeconds());
    if (seconds < 60) {
      return seconds + "s";
    }
    if (seconds < 3600) {
      return seconds / 60 + "m " + seconds % 60 + "s";
    }
    return seconds / 3600 + "h " + seconds / 60 % 60 + "m";
  }
}
