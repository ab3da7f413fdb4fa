package io.cardgen.cli;

import picocli.CommandLine;
import picocli.CommandLine.Command;

/** {@code cardgen}: the command-line client of the cardgen batch API. */
@Command(
    name = "cardgen",
    mixinStandardHelpOptions = true,
    version = "cardgen 0.1.0",
    description = "Generate product cards in bulk with the cardgen batch API.",
    subcommands = BatchCommand.class)
public final class Cardgen implements Runnable {

  final CliContext context;

  @CommandLine.Spec CommandLine.Model.CommandSpec spec;

  Cardgen(CliContext context) {
    this.context = context;
  }

  public static void main(String[] args) {
    System.exit(run(CliContext.system(), args));
  }

  /** Runs one command line; answers the exit code instead of exiting, for tests. */
  static int run(CliContext context, String... args) {
    CommandLine commandLine = new CommandLine(new Cardgen(context));
    commandLine.setCaseInsensitiveEnumValuesAllowed(true);
    commandLine.setOut(new java.io.PrintWriter(context.out(), true));
    commandLine.setErr(new java.io.PrintWriter(context.err(), true));
    commandLine.setParameterExceptionHandler(
        (problem, args1) -> {
          CommandLine failed = problem.getCommandLine();
          // Picocli quotes the arguments it could not place, a misspelled option's key among them.
          String message =
              RefusedCommandLine.message(
                  problem.getMessage(), args1, context.env().get("CARDGEN_API_KEY"));
          context.err().println("cardgen: " + message);
          context
              .err()
              .println("Usage: see '" + failed.getCommandSpec().qualifiedName() + " --help'");
          return Exit.USAGE.code;
        });
    commandLine.setExecutionExceptionHandler(
        (failure, failed, parseResult) -> ErrorReport.report(failure, context.err()).code);
    return commandLine.execute(args);
  }

  @Override
  public void run() {
    throw new CommandLine.ParameterException(spec.commandLine(), "name a command, e.g. batch");
  }
}
