package io.cardgen.cli;

import io.cardgen.cli.api.Batch;
import io.cardgen.cli.api.BatchApi;
import io.cardgen.cli.input.RetrySelection;
import java.io.PrintStream;
import java.util.HashSet;
import java.util.Set;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The failed items of a finished batch, read from its results, for {@code submit FILE
 * --retry-failed-of ID}: a seller whose catalogue import had a few hundred failures (a photo host
 * that was down, a model that refused) submits just those rows again from the same file.
 */
final class FailedItems {

  private static final JsonMapper JSON = JsonMapper.builder().build();

  private FailedItems() {}

  /** The {@code custom_id}s of the finished batch's failed items; none when none failed. */
  static RetrySelection of(BatchApi api, Batch finished) {
    Set<String> failed = new HashSet<>();
    if (finished.counts().failed() > 0) {
      api.results(
          finished.id(),
          0,
          "failed",
          line -> {
            JsonNode result = JSON.readTree(line);
            failed.add(result.path("custom_id").asString());
            return result.path("seq").asLong();
          });
    }
    return new RetrySelection(finished.id(), failed);
  }

  /** A batch still running may have more failures to come: its retry waits for it. */
  static void waitFor(Batch running, PrintStream err) {
    err.println(
        running.id()
            + " is still "
            + running.status()
            + " ("
            + running.counts().finished()
            + " of "
            + running.counts().total()
            + " finished): more of its items may fail. Wait for it (cardgen batch watch "
            + running.id()
            + "), then retry.");
  }
}
