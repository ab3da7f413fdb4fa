package io.cardgen.cli;

import io.cardgen.cli.api.Batch;
import io.cardgen.cli.api.BatchPage;
import java.io.PrintStream;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code cardgen batch list}: the caller's batches, newest first, one per line. */
@Command(
    name = "list",
    mixinStandardHelpOptions = true,
    description = "List your batches, newest first.")
final class ListCommand extends BatchApiCommand implements Callable<Integer> {

  // An id is "bat_" and a UUID: 40 characters.
  private static final String ROW = "%-40s %-11s %-27s %7s %9s %7s %9s%n";

  @Option(
      names = "--limit",
      paramLabel = "N",
      defaultValue = "20",
      description = "how many (default: ${DEFAULT-VALUE})")
  int limit;

  @Option(names = "--after", paramLabel = "CURSOR", description = "continue a previous listing")
  String after;

  @Override
  public Integer call() {
    if (limit < 1) {
      throw usage("--limit must be at least 1");
    }
    CliContext context = context();
    BatchPage page = api().list(limit, after);
    PrintStream out = context.out();
    out.printf(ROW, "ID", "STATUS", "CREATED", "TOTAL", "SUCCEEDED", "FAILED", "CANCELLED");
    for (Batch item : page.items()) {
      Batch.Counts counts = item.counts();
      out.printf(
          ROW,
          item.id(),
          item.status(),
          item.createdAt(),
          counts.total(),
          counts.succeeded(),
          counts.failed(),
          counts.cancelled());
    }
    if (page.next() != null) {
      context.err().println("more: cardgen batch list --after " + page.next());
    }
    return Exit.OK.code;
  }
}
