package io.cardgen.cli;

import io.cardgen.cli.api.Pause;
import java.io.PrintStream;
import java.net.http.HttpClient;
import java.time.Duration;
import java.util.Map;

/**
 * What the commands get from the outside world, so tests run them in-process: the environment, the
 * two output streams, how to wait and the HTTP client.
 *
 * @param terminal whether {@code err} is an interactive terminal (the progress bar redraws in place
 *     only then)
 */
record CliContext(
    Map<String, String> env,
    PrintStream out,
    PrintStream err,
    Pause pause,
    HttpClient http,
    boolean terminal) {

  static CliContext system() {
    return new CliContext(
        System.getenv(),
        System.out,
        System.err,
        Pause.real(),
        HttpClient.newBuilder()
            .connectTimeout(Duration.ofSeconds(10))
            .followRedirects(HttpClient.Redirect.NEVER)
            .build(),
        ErrorTerminal.detect(System.getenv()));
  }
}
