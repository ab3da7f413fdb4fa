package io.cardgen.cli;

import io.cardgen.cli.api.BatchApi;
import picocli.CommandLine;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.ParentCommand;

/** What every {@code cardgen batch …} command shares: the context and the connection flags. */
abstract class BatchApiCommand {

  @ParentCommand BatchCommand batch;
  @Mixin ConnectionOptions connection;
  @CommandLine.Spec CommandLine.Model.CommandSpec spec;

  CliContext context() {
    return batch.context();
  }

  BatchApi api() {
    return connection.api(context(), spec.commandLine());
  }

  CommandLine.ParameterException usage(String message) {
    return new CommandLine.ParameterException(spec.commandLine(), message);
  }
}
