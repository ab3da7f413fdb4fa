package io.cardgen.cli.api;

import static org.assertj.core.api.Assertions.assertThat;

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
import java.util.List;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import tools.jackson.databind.json.JsonMapper;

/**
 * The results stream over a real socket: a connection that goes quiet in the middle of the body,
 * and a gateway in front of the service that answers 502 or 504 for a moment.
 */
class ResultsStreamTest {

  private static final JsonMapper JSON = JsonMapper.builder().build();
  private static final int LINES = 8;
  private static final Duration IDLE = Duration.ofMillis(500);

  private final CountDownLatch release = new CountDownLatch(1);
  private final AtomicBoolean stalled = new AtomicBoolean();
  private final Queue<Integer> gatewayAnswers = new ConcurrentLinkedQueue<>();
  private final List<String> queries = new CopyOnWriteArrayList<>();
  private final List<Duration> pauses = new CopyOnWriteArrayList<>();
  private final List<String> notices = new CopyOnWriteArrayList<>();
  private final List<Long> taken = new CopyOnWriteArrayList<>();
  private volatile long stallAfterSeq;
  private ExecutorService threads;
  private HttpServer server;

  @BeforeEach
  void start() throws IOException {
    threads = Executors.newCachedThreadPool();
    server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
    // A handler that stalls holds its thread; the next request must get another one.
    server.setExecutor(threads);
    server.createContext("/api/batches/bat_1/results", this::results);
    server.start();
  }

  @AfterEach
  void stop() {
    release.countDown();
    server.stop(0);
    threads.shutdownNow();
  }

  @Test
  @Timeout(value = 30, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
  void aStreamThatGoesQuietIsResumedAfterTheLastLineTaken() {
    stallAfterSeq = 3;

    long last = api().results("bat_1", 0, null, this::take);

    assertThat(last).isEqualTo(LINES);
    assertThat(taken).containsExactly(1L, 2L, 3L, 4L, 5L, 6L, 7L, 8L);
    assertThat(stalled).isTrue();
    assertThat(queries.get(0)).isEqualTo("after=0");
    assertThat(queries).contains("after=3");
    assertThat(notices)
        .contains("the results stream broke (HttpTimeoutException), retrying in 1 s");
  }

  @Test
  @Timeout(value = 30, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
  void badGatewayAndGatewayTimeoutAreRetriedLikeUnavailable() {
    gatewayAnswers.add(502);
    gatewayAnswers.add(504);

    long last = api().results("bat_1", 0, null, this::take);

    assertThat(last).isEqualTo(LINES);
    assertThat(taken).hasSize(LINES);
    assertThat(notices).containsExactly("HTTP 502, retrying in 1 s", "HTTP 504, retrying in 2 s");
    assertThat(pauses).containsExactly(Duration.ofSeconds(1), Duration.ofSeconds(2));
  }

  private BatchApi api() {
    HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
    RetryPolicy retry =
        new RetryPolicy(
            6, Duration.ofSeconds(1), Duration.ofSeconds(60), pauses::add, notices::add);
    URI base = URI.create("http://127.0.0.1:" + server.getAddress().getPort());
    return new BatchApi(http, base, "sk-test", retry, IDLE);
  }

  private long take(String line) {
    long seq = JSON.readTree(line).path("seq").asLong();
    taken.add(seq);
    return seq;
  }

  private void results(HttpExchange exchange) throws IOException {
    queries.add(exchange.getRequestURI().getRawQuery());
    Integer gateway = gatewayAnswers.poll();
    if (gateway != null) {
      // What an ingress answers: its own page, no envelope, no Retry-After.
      byte[] page =
          ("<html><body>" + gateway + " Gateway</body></html>").getBytes(StandardCharsets.UTF_8);
      exchange.getResponseHeaders().add("Content-Type", "text/html");
      exchange.sendResponseHeaders(gateway, page.length);
      exchange.getResponseBody().write(page);
      exchange.close();
      return;
    }
    long after = Long.parseLong(exchange.getRequestURI().getRawQuery().replace("after=", ""));
    exchange.getResponseHeaders().add("Content-Type", "application/x-ndjson");
    exchange.sendResponseHeaders(200, 0);
    OutputStream out = exchange.getResponseBody();
    for (long seq = after + 1; seq <= LINES; seq++) {
      out.write(
          ("{\"seq\":" + seq + ",\"status\":\"succeeded\"}\n").getBytes(StandardCharsets.UTF_8));
      out.flush();
      if (seq == stallAfterSeq && stalled.compareAndSet(false, true)) {
        // The connection stays open and silent, like one whose peer vanished without a reset.
        awaitRelease();
        return;
      }
    }
    exchange.close();
  }

  private void awaitRelease() {
    try {
      release.await();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
