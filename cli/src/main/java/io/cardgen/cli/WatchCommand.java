package io.cardgen.cli;

import io.cardgen.cli.api.Batch;
import io.cardgen.cli.api.BatchApi;
import io.cardgen.cli.watch.BatchWatch;
import io.cardgen.cli.watch.Summary;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

/** {@code cardgen batch watch ID}: a live progress bar until the batch is done. */
@Command(
    name = "watch",
    mixinStandardHelpOptions = true,
    description = "Show a batch's progress until it is completed or cancelled.")
final class WatchCommand extends BatchApiCommand implements Callable<Integer> {

  @Parameters(paramLabel = "ID", description = "the batch id (bat_…)")
  String id;

  @Override
  public Integer call() {
    CliContext context = context();
    BatchApi api = api();
    watch(context, api, id);
    return Exit.OK.code;
  }

  /**
   * Shared with {@code submit --wait}: the bar on stderr, the summary line on stdout, then the
   * first failed items and why on stderr.
   */
  static Batch watch(CliContext context, BatchApi api, String id) {
    Batch finished =
        new BatchWatch(api, context.pause(), context.err(), context.terminal()).untilFinished(id);
    context.out().println(Summary.of(finished));
    FailureDigest.print(api, finished, context.err());
    return finished;
  }
}
