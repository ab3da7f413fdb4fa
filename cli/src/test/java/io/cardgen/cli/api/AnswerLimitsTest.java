package io.cardgen.cli.api;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import tools.jackson.databind.json.JsonMapper;

/** Whatever answers at the base URL, the client never reads more than the service ever sends. */
@Timeout(value = 60, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
class AnswerLimitsTest {

  private static final JsonMapper JSON = JsonMapper.builder().build();

  private final List<Long> taken = new CopyOnWriteArrayList<>();
  private final List<String> notices = new CopyOnWriteArrayList<>();
  private final AtomicInteger busyAnswers = new AtomicInteger();
  private volatile boolean stopped;
  private ExecutorService threads;
  private HttpServer server;

  @BeforeEach
  void start() throws IOException {
    threads = Executors.newCachedThreadPool();
    server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
    server.setExecutor(threads);
    server.createContext("/api/batches/bat_long/results", this::longLine);
    server.createContext("/api/batches/bat_busy/results", this::busyThenResults);
    server.createContext("/api/batches/bat_big", this::bigAnswer);
    server.start();
  }

  @AfterEach
  void stop() {
    stopped = true;
    server.stop(0);
    threads.shutdownNow();
  }

  @Test
  void aResultLineLongerThanAnyCardStopsTheDownloadNamingWhereItCame() {
    assertThatThrownBy(() -> api().results("bat_long", 0, null, this::take))
        .isInstanceOfSatisfying(
            ApiException.class,
            refused ->
                assertThat(refused.error().message())
                    .startsWith("the result line after seq 2 is longer than 4M characters"));
    assertThat(taken).containsExactly(1L, 2L);
  }

  @Test
  void aBusyAnswerWithAnEndlessBodyIsCutOffAndRetried() {
    long last = api().results("bat_busy", 0, null, this::take);

    assertThat(last).isEqualTo(2);
    assertThat(taken).containsExactly(1L, 2L);
    assertThat(notices).containsExactly("HTTP 503, retrying in 1 s");
  }

  @Test
  void anAnswerLargerThanTheServiceSendsIsRefused() {
    assertThatThrownBy(() -> api().get("bat_big"))
        .isInstanceOfSatisfying(
            ApiException.class,
            refused ->
                assertThat(refused.error().message())
                    .startsWith("the answer is longer than 16 MiB"));
  }

  private BatchApi api() {
    HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
    RetryPolicy retry =
        new RetryPolicy(
            6, Duration.ofSeconds(1), Duration.ofSeconds(60), pause -> {}, notices::add);
    URI base = URI.create("http://127.0.0.1:" + server.getAddress().getPort());
    return new BatchApi(http, base, "sk-test", retry);
  }

  private long take(String line) {
    long seq = JSON.readTree(line).path("seq").asLong();
    taken.add(seq);
    return seq;
  }

  private void longLine(HttpExchange exchange) throws IOException {
    try (exchange) {
      exchange.sendResponseHeaders(200, 0);
      OutputStream out = exchange.getResponseBody();
      out.write(lines(2));
      char[] line = new char[BatchApi.MAX_RESULT_LINE_CHARS + 1];
      Arrays.fill(line, 'x');
      out.write(new String(line).getBytes(StandardCharsets.UTF_8));
      out.write('\n');
    } catch (IOException clientLeft) {
      // the client stops reading the line: expected
    }
  }

  /** First a 503 whose body never ends, as a broken proxy may send; then the results. */
  private void busyThenResults(HttpExchange exchange) throws IOException {
    try (exchange) {
      if (busyAnswers.getAndIncrement() == 0) {
        exchange.sendResponseHeaders(503, 0);
        byte[] chunk = new byte[64 * 1024];
        Arrays.fill(chunk, (byte) ' ');
        while (!stopped) {
          exchange.getResponseBody().write(chunk);
        }
        return;
      }
      exchange.sendResponseHeaders(200, 0);
      exchange.getResponseBody().write(lines(2));
    } catch (IOException clientLeft) {
      // the client dropped the endless body: expected
    }
  }

  private void bigAnswer(HttpExchange exchange) throws IOException {
    try (exchange) {
      String pad = "x".repeat(Answers.MAX_ANSWER);
      byte[] body =
          ("{\"success\":true,\"data\":{\"id\":\"bat_big\",\"status\":\"completed\",\"pad\":\""
                  + pad
                  + "\"}}")
              .getBytes(StandardCharsets.UTF_8);
      exchange.sendResponseHeaders(200, body.length);
      exchange.getResponseBody().write(body);
    } catch (IOException clientLeft) {
      // the client stops reading: expected
    }
  }

  private static byte[] lines(int count) {
    StringBuilder lines = new StringBuilder();
    for (int seq = 1; seq <= count; seq++) {
      lines.append("{\"seq\":").append(seq).append(",\"status\":\"succeeded\"}\n");
    }
    return lines.toString().getBytes(StandardCharsets.UTF_8);
  }
}
