package io.cardgen.standalone;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.cardgen.testsupport.FreePorts;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A standalone asked to stop (SIGTERM, as a service manager or Ctrl+C does) while a card is being
 * written finishes it: the waiting client gets its card, then the process exits promptly and its
 * embedded PostgreSQL stops with it. Before the gateway and worker were stopped ahead of the
 * embedded services (OrderedShutdown), zonky's hook stopped PostgreSQL at once: the job could not
 * finish, the client got no answer, and the process hung for the reply timeout.
 *
 * <p>The standalone is started the way containers and platforms start it, with its public port in
 * {@code SERVER_PORT}: that names the gateway's public port, and the worker context inside must not
 * try to bind it as well. It is checked here rather than in a process of its own: a whole second
 * standalone took 18 s of the suite on CI.
 */
class GracefulStopIT {

  private static final Pattern DEMO_KEY = Pattern.compile("API key: (cg_[A-Za-z0-9_-]+)");
  private static final Pattern RUNNING =
      Pattern.compile("(?m)^cardgen_jobs_running\\{[^}]*class=\"sync\"[^}]*} ([0-9.]+)$");

  @TempDir Path dir;

  @Test
  void aCardInFlightIsFinishedAndAnsweredBeforeTheProcessExits() throws Exception {
    int publicPort = FreePorts.next();
    int adminPort = FreePorts.next();
    int workerPort = FreePorts.next();
    Map<String, String> environment =
        Map.of(
            "SERVER_PORT",
            Integer.toString(publicPort),
            "CARDGEN_ADMIN_PORT",
            Integer.toString(adminPort),
            "CARDGEN_WORKER_PORT",
            Integer.toString(workerPort),
            "CARDGEN_DATA_DIR",
            dir.resolve("data").toString(),
            "CARDGEN_EMBEDDED_POSTGRES_PORT",
            "0",
            "CARDGEN_EMBEDDED_KAFKA_PORT",
            "0",
            "CARDGEN_EMBEDDED_S3_PORT",
            "0",
            "CARDGEN_SIMULATOR_PORT",
            "0");
    JvmProcess standalone =
        JvmProcess.start(
                "standalone-graceful-stop",
                StandaloneApplication.class.getName(),
                List.of(),
                environment,
                adminPort,
                dir)
            .awaitHealthy(Duration.ofSeconds(300));
    try {
      assertThat(RawExchange.get(publicPort, "/openapi.json").status()).isEqualTo(200);
      assertThat(RawExchange.get(adminPort, "/actuator/health").body()).contains("UP");
      assertThat(RawExchange.get(workerPort, "/actuator/health").body()).contains("UP");

      String key = demoKey(standalone);
      HttpClient client = HttpClient.newHttpClient();
      CompletableFuture<HttpResponse<String>> answer =
          client.sendAsync(cardRequest(publicPort, key), HttpResponse.BodyHandlers.ofString());
      await("the job running on the worker")
          .atMost(Duration.ofSeconds(60))
          .until(() -> syncJobsRunning(workerPort) > 0);

      standalone.terminate();

      HttpResponse<String> response = answer.get(60, TimeUnit.SECONDS);
      assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
      assertThat(response.body()).contains("\"success\":true", "\"description\"");
      assertThat(standalone.awaitExit(Duration.ofSeconds(60)))
          .as("exited within a minute of SIGTERM:%n%s", standalone.tail(30))
          .isTrue();
      // pg_ctl removes the postmaster's pid file once the server has stopped.
      assertThat(dir.resolve("data/postgres/postmaster.pid")).doesNotExist();
    } finally {
      standalone.close();
    }
  }

  private static String demoKey(JvmProcess standalone) {
    Matcher matcher = DEMO_KEY.matcher(standalone.tail(200));
    assertThat(matcher.find()).as("the banner's demo key").isTrue();
    return matcher.group(1);
  }

  private static HttpRequest cardRequest(int port, String key) {
    String body = SlowCard.body(3000);
    return HttpRequest.newBuilder(URI.create("http://localhost:" + port + "/api/text/product"))
        .header("Authorization", "Bearer " + key)
        .header("Content-Type", "application/json")
        .header("Idempotency-Key", "graceful-stop-1")
        .timeout(Duration.ofSeconds(120))
        .POST(HttpRequest.BodyPublishers.ofString(body))
        .build();
  }

  private static double syncJobsRunning(int workerPort) throws Exception {
    String metrics = RawExchange.get(workerPort, "/actuator/prometheus").body();
    Matcher matcher = RUNNING.matcher(metrics);
    return matcher.find() ? Double.parseDouble(matcher.group(1)) : 0;
  }
}
