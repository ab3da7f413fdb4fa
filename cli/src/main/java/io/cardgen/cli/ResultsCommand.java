package io.cardgen.cli;

import io.cardgen.cli.api.Batch;
import io.cardgen.cli.api.BatchApi;
import io.cardgen.cli.results.ResultsFile;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.Set;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code cardgen batch results ID -o FILE}: downloads results, resuming where the file ends. */
@Command(
    name = "results",
    mixinStandardHelpOptions = true,
    description = {
      "Download a batch's results to a .jsonl or .csv file.",
      "JSONL keeps the service's lines as sent; CSV flattens them for a spreadsheet.",
      "Run it again to continue an interrupted download or to fetch items finished since;",
      "a file is only continued with the --status it was downloaded with."
    })
final class ResultsCommand extends BatchApiCommand implements Callable<Integer> {

  private static final Set<String> STATUSES = Set.of("succeeded", "failed", "cancelled");

  @Parameters(paramLabel = "ID", description = "the batch id (bat_…)")
  String id;

  @Option(
      names = {"-o", "--output"},
      paramLabel = "FILE",
      required = true,
      description = "cards.jsonl or cards.csv")
  Path output;

  @Option(
      names = "--status",
      paramLabel = "STATUS",
      description = "only succeeded, failed or cancelled items")
  String status;

  @Option(names = "--overwrite", description = "start the file afresh instead of resuming")
  boolean overwrite;

  @Override
  public Integer call() throws IOException {
    if (status != null && !STATUSES.contains(status)) {
      throw usage("--status must be succeeded, failed or cancelled");
    }
    CliContext context = context();
    BatchApi api = api();
    PrintStream err = context.err();
    try (ResultsFile file = ResultsFile.open(output, overwrite, status)) {
      if (file.resumedAfter() > 0) {
        err.println("Resuming " + output + " after seq " + file.resumedAfter());
      }
      api.results(id, file.resumedAfter(), status, file);
      err.println("Wrote " + file.written() + " new result(s) to " + output);
    }
    Batch now = api.get(id);
    if (!now.isFinished()) {
      err.println(
          id
              + " is still "
              + now.status()
              + " ("
              + now.counts().finished()
              + " of "
              + now.counts().total()
              + " finished): run this again later for the rest");
    }
    return Exit.OK.code;
  }
}
