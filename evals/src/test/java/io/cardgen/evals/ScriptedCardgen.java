package io.cardgen.evals;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.IntFunction;

/**
 * An HTTP server standing in for cardgen's public port and the worker's scrape, answering from a
 * script: the harness's own client code is what these tests exercise, over real HTTP.
 */
final class ScriptedCardgen implements AutoCloseable {

  /** One scripted answer. */
  record Answer(int status, String body, String retryAfter) {

    /** No answer until the server closes: the client's timeout must end the wait. */
    static final Answer NONE = new Answer(0, null, null);

    static Answer card(String description) {
      return new Answer(
          200, "{\"success\":true,\"data\":{\"description\":\"%s\"}}".formatted(description), null);
    }

    static Answer error(int status, String code, String message) {
      return new Answer(
          status,
          "{\"success\":false,\"code\":\"%s\",\"message\":\"%s\"}".formatted(code, message),
          null);
    }

    Answer retryAfter(String seconds) {
      return new Answer(status, body, seconds);
    }
  }

  private final HttpServer server;
  private final CountDownLatch closed = new CountDownLatch(1);
  private final ExecutorService handlers = Executors.newCachedThreadPool();
  private final AtomicInteger requests = new AtomicInteger();
  private final AtomicInteger scrapes = new AtomicInteger();
  private final List<String> keys = new CopyOnWriteArrayList<>();
  private final List<String> authorizations = new CopyOnWriteArrayList<>();

  /**
   * @param cards the answer to the n-th card request (from 1)
   * @param metrics the answer to the n-th scrape (from 1)
   */
  ScriptedCardgen(IntFunction<Answer> cards, IntFunction<Answer> metrics) throws IOException {
    server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
    server.createContext(
        "/api/text/product",
        exchange -> {
          keys.add(exchange.getRequestHeaders().getFirst("Idempotency-Key"));
          authorizations.add(exchange.getRequestHeaders().getFirst("Authorization"));
          answer(exchange, cards.apply(requests.incrementAndGet()));
        });
    server.createContext(
        "/metrics", exchange -> answer(exchange, metrics.apply(scrapes.incrementAndGet())));
    server.setExecutor(handlers);
    server.start();
  }

  URI baseUrl() {
    return URI.create("http://127.0.0.1:" + server.getAddress().getPort());
  }

  URI metricsUrl() {
    return URI.create(baseUrl() + "/metrics");
  }

  int requests() {
    return requests.get();
  }

  List<String> idempotencyKeys() {
    return keys;
  }

  List<String> authorizations() {
    return authorizations;
  }

  private void answer(HttpExchange exchange, Answer answer) throws IOException {
    try (exchange) {
      exchange.getRequestBody().readAllBytes();
      if (answer.body() == null) {
        awaitClose();
        return;
      }
      byte[] body = answer.body().getBytes(StandardCharsets.UTF_8);
      if (answer.retryAfter() != null) {
        exchange.getResponseHeaders().add("Retry-After", answer.retryAfter());
      }
      exchange.sendResponseHeaders(answer.status(), body.length);
      exchange.getResponseBody().write(body);
    }
  }

  /** Holds one handler thread (of a cached pool, so other requests are still served). */
  private void awaitClose() {
    try {
      closed.await();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  @Override
  public void close() {
    closed.countDown();
    server.stop(0);
    handlers.shutdownNow();
  }
}
