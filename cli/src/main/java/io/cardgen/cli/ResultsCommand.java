package io.cardgen.cli;

import io.cardgen.cli.api.Batch;
import io.cardgen.cli.api.BatchApi;
import io.cardgen.cli.results.ResultsFile;
import io.cardgen.cli.results.ResultsWorkbook;
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
      "Download a batch's results to a .jsonl, .csv or .xlsx file.",
      "JSONL keeps the service's lines as sent; CSV and XLSX flatten them for a spreadsheet",
      "(an .xlsx keeps its download beside it, as FILE.jsonl).",
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
      description = "cards.jsonl, cards.csv or cards.xlsx")
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
    boolean workbook = ResultsWorkbook.isFor(output);
    Path download = workbook ? ResultsWorkbook.downloadOf(output) : output;
    if (workbook) {
      ResultsWorkbook.checkReplaceable(output, overwrite);
    }
    try (ResultsFile file = ResultsFile.open(download, overwrite, id, status)) {
      if (file.resumedAfter() > 0) {
        err.println("Resuming " + download + " after seq " + file.resumedAfter());
      }
      api.results(id, file.resumedAfter(), status, file);
      err.println("Wrote " + file.written() + " new result(s) to " + download);
    }
    if (workbook) {
      writeWorkbook(download, err);
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

  private void writeWorkbook(Path download, PrintStream err) throws IOException {
    int shortened = ResultsWorkbook.write(download, output);
    err.println(
        "Wrote "
            + output
            + " from "
            + download
            + " (keep it: the next run fetches only new results)");
    if (shortened > 0) {
      err.println(
          "warning: "
              + shortened
              + " cell(s) were longer than Excel's 32 767 characters and were cut short; "
              + download
              + " has them whole");
    }
  }
}
