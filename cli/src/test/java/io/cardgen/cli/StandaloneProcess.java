package io.cardgen.cli;

import static org.awaitility.Awaitility.await;

import io.cardgen.testsupport.FreePorts;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The repackaged standalone jar ({@code deploy/standalone/target/cardgen-standalone.jar}) started
 * as a separate process the way a seller starts it, on free ports with a fresh data directory, plus
 * the admin calls a test needs. Its output goes to {@code standalone.log} in the data directory.
 */
final class StandaloneProcess implements AutoCloseable {

  static final String ADMIN_TOKEN = "cli-it-admin-token-of-the-standalone-jar";
  private static final JsonMapper JSON = JsonMapper.builder().build();

  final Path dataDir;
  final int publicPort;
  final int adminPort;
  private final Process process;
  private final HttpClient http =
      HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

  private StandaloneProcess(Path dataDir, int publicPort, int adminPort, Process process) {
    this.dataDir = dataDir;
    this.publicPort = publicPort;
    this.adminPort = adminPort;
    this.process = process;
  }

  /**
   * Starts it and waits until its health check says UP: well within a minute on an idle machine,
   * several minutes on a busy 2-core build box, hence the generous bound.
   */
  static StandaloneProcess start(Map<String, String> env, String... settings) throws IOException {
    Path jar =
        Path.of(
            System.getProperty(
                "cardgen.standalone.jar", "../deploy/standalone/target/cardgen-standalone.jar"));
    if (!Files.isRegularFile(jar)) {
      throw new IllegalStateException(jar + " is missing: build deploy/standalone first");
    }
    Path dataDir = Files.createTempDirectory("cardgen-cli-it-");
    int publicPort = FreePorts.next();
    int adminPort = FreePorts.next();
    List<String> command = new ArrayList<>();
    command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    command.addAll(List.of("-Xmx768m", "-jar", jar.toAbsolutePath().toString()));
    command.add("--server.port=" + publicPort);
    command.add("--cardgen.admin.port=" + adminPort);
    command.addAll(List.of(settings));
    ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true);
    builder.redirectOutput(dataDir.resolve("standalone.log").toFile());
    // The simulator answers: a provider configured in the build's shell must not take its place.
    builder.environment().keySet().removeIf(variable -> variable.startsWith("CARDGEN_LLM_"));
    builder.environment().putAll(env);
    builder.environment().put("CARDGEN_DATA_DIR", dataDir.toString());
    builder.environment().put("CARDGEN_ADMIN_TOKEN", ADMIN_TOKEN);
    for (String port :
        List.of(
            "CARDGEN_EMBEDDED_POSTGRES_PORT",
            "CARDGEN_EMBEDDED_KAFKA_PORT",
            "CARDGEN_EMBEDDED_S3_PORT",
            "CARDGEN_SIMULATOR_PORT",
            "CARDGEN_WORKER_PORT")) {
      builder.environment().put(port, "0");
    }
    StandaloneProcess standalone =
        new StandaloneProcess(dataDir, publicPort, adminPort, builder.start());
    try {
      await()
          .atMost(Duration.ofMinutes(10))
          .pollInterval(Duration.ofSeconds(1))
          .until(standalone::healthy);
    } catch (RuntimeException notReady) {
      standalone.close();
      throw new IllegalStateException(
          "the standalone did not become healthy; its log: " + dataDir.resolve("standalone.log"),
          notReady);
    }
    return standalone;
  }

  String baseUrl() {
    return "http://127.0.0.1:" + publicPort;
  }

  private boolean healthy() {
    if (!process.isAlive()) {
      throw new IllegalStateException("the standalone exited with " + process.exitValue());
    }
    try {
      HttpResponse<String> health =
          http.send(
              HttpRequest.newBuilder(
                      URI.create("http://127.0.0.1:" + adminPort + "/actuator/health"))
                  .timeout(Duration.ofSeconds(5))
                  .build(),
              HttpResponse.BodyHandlers.ofString());
      return health.statusCode() == 200 && health.body().contains("\"UP\"");
    } catch (IOException notYet) {
      return false;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return false;
    }
  }

  /** An admin API call that must answer 2xx; its JSON body. */
  JsonNode admin(String method, String path, String body) throws IOException, InterruptedException {
    HttpResponse<String> response =
        http.send(
            HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + adminPort + path))
                .timeout(Duration.ofSeconds(30))
                .header("Authorization", "Bearer " + ADMIN_TOKEN)
                .header("Content-Type", "application/json")
                .method(
                    method,
                    body == null
                        ? HttpRequest.BodyPublishers.noBody()
                        : HttpRequest.BodyPublishers.ofString(body))
                .build(),
            HttpResponse.BodyHandlers.ofString());
    if (response.statusCode() / 100 != 2) {
      throw new IllegalStateException(
          method + " " + path + " answered " + response.statusCode() + ": " + response.body());
    }
    return JSON.readTree(response.body());
  }

  @Override
  public void close() {
    process.destroy();
    try {
      if (!process.waitFor(60, TimeUnit.SECONDS)) {
        process.destroyForcibly().waitFor(30, TimeUnit.SECONDS);
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      process.destroyForcibly();
    }
  }
}
