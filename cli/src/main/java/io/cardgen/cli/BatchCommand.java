package io.cardgen.cli;

import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.ParentCommand;

/** {@code cardgen batch …}: the commands on batches. */
@Command(
    name = "batch",
    mixinStandardHelpOptions = true,
    description = "Submit, follow, download, cancel and list batches.",
    subcommands = {
      SubmitCommand.class,
      WatchCommand.class,
      ResultsCommand.class,
      CancelCommand.class,
      ListCommand.class
    })
final class BatchCommand implements Runnable {

  @ParentCommand Cardgen root;

  @CommandLine.Spec CommandLine.Model.CommandSpec spec;

  CliContext context() {
    return root.context;
  }

  @Override
  public void run() {
    throw new CommandLine.ParameterException(
        spec.commandLine(), "name a batch command: submit, watch, results, cancel or list");
  }
}
