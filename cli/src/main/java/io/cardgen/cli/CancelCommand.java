package io.cardgen.cli;

import io.cardgen.cli.api.Batch;
import io.cardgen.cli.watch.Summary;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

/** {@code cardgen batch cancel ID}. */
@Command(
    name = "cancel",
    mixinStandardHelpOptions = true,
    description = {
      "Cancel a batch.",
      "Queued items are cancelled and their credits released at once; running items finish",
      "(and are charged if they succeed)."
    })
final class CancelCommand extends BatchApiCommand implements Callable<Integer> {

  @Parameters(paramLabel = "ID", description = "the batch id (bat_…)")
  String id;

  @Override
  public Integer call() {
    CliContext context = context();
    Batch cancelled = api().cancel(id);
    context.out().println(Summary.of(cancelled));
    if (cancelled.counts().running() > 0) {
      context
          .err()
          .println(
              cancelled.counts().running()
                  + " running item(s) will finish first; follow with: cardgen batch watch "
                  + cancelled.id());
    }
    return Exit.OK.code;
  }
}
