package io.cardgen.cli;

import io.cardgen.cli.api.Batch;
import io.cardgen.cli.api.BatchApi;
import io.cardgen.cli.watch.BatchWatch;
import io.cardgen.cli.watch.Summary;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;

/** {@code cardgen batch watch ID}: a live progress bar until the batch is done. */
@Command(
    name = "watch",
    mixinStandardHelpOptions = true,
    description = "Show a batch's progress until it is completed or cancelled.")
final class WatchCommand implements Callable<Integer> {

  @ParentCommand BatchCommand batch;
  @Mixin ConnectionOptions connection;
  @CommandLine.Spec CommandLine.Model.CommandSpec spec;

  @Parameters(paramLabel = "ID", description = "the batch id (bat_…)")
  String id;

  @Override
  public Integer call() {
    CliContext context = batch.context();
    BatchApi api = connection.api(context, spec.commandLine());
    watch(context, api, id);
    return Exit.OK.code;
  }

  /** Shared with {@code submit --wait}: the bar on stderr, the summary line on stdout. */
  static Batch watch(CliContext context, BatchApi api, String id) {
    Batch finished =
        new BatchWatch(api, context.pause(), context.err(), context.terminal()).untilFinished(id);
    context.out().println(Summary.of(finished));
    return finished;
  }
}
