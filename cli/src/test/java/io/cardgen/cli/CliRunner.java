package io.cardgen.cli;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.net.http.HttpClient;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;

/** Runs {@code cardgen} in-process against a base URL, capturing its output and its waits. */
final class CliRunner {

  final Map<String, String> env = new HashMap<>();

  /** Every wait the client asked for; nothing actually sleeps. */
  final List<Duration> pauses = new CopyOnWriteArrayList<>();

  private final HttpClient http =
      HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

  CliRunner(String baseUrl, String apiKey) {
    env.put("CARDGEN_BASE_URL", baseUrl);
    env.put("CARDGEN_API_KEY", apiKey);
  }

  Run run(String... args) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    CliContext context =
        new CliContext(
            Map.copyOf(env),
            new PrintStream(out, true, StandardCharsets.UTF_8),
            new PrintStream(err, true, StandardCharsets.UTF_8),
            pauses::add,
            http,
            false);
    int exit = Cardgen.run(context, args);
    return new Run(
        exit, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
  }

  record Run(int exit, String out, String err) {
    String firstLine() {
      return out.lines().findFirst().orElse("");
    }
  }
}
