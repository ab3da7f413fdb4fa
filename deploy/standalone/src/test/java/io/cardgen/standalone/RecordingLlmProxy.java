package io.cardgen.standalone;

import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/**
 * Stands between the worker and the LLM simulator, keeping every request body it forwards, so a
 * test can see exactly what the model was sent.
 */
final class RecordingLlmProxy implements AutoCloseable {

  private final HttpServer server;
  private final ExecutorService threads = Executors.newCachedThreadPool();
  private final HttpClient client = HttpClient.newHttpClient();
  private final List<String> bodies = new CopyOnWriteArrayList<>();

  RecordingLlmProxy(URI upstreamBaseUrl) throws IOException {
    URI upstream = upstreamBaseUrl.resolve("/");
    server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
    server.setExecutor(threads);
    server.createContext(
        "/",
        exchange -> {
          try (exchange) {
            byte[] body = exchange.getRequestBody().readAllBytes();
            bodies.add(new String(body, StandardCharsets.UTF_8));
            HttpResponse<byte[]> answer =
                client.send(
                    HttpRequest.newBuilder(upstream.resolve(exchange.getRequestURI().getPath()))
                        .timeout(Duration.ofSeconds(30))
                        .header("Content-Type", "application/json")
                        .POST(HttpRequest.BodyPublishers.ofByteArray(body))
                        .build(),
                    HttpResponse.BodyHandlers.ofByteArray());
            answer
                .headers()
                .firstValue("Content-Type")
                .ifPresent(type -> exchange.getResponseHeaders().set("Content-Type", type));
            exchange.sendResponseHeaders(answer.statusCode(), answer.body().length);
            try (OutputStream out = exchange.getResponseBody()) {
              out.write(answer.body());
            }
          } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
          }
        });
    server.start();
  }

  /** The OpenAI base URL to give the worker. */
  String baseUrl() {
    return "http://127.0.0.1:" + server.getAddress().getPort() + "/v1";
  }

  /** The first request body sent to the model that contains {@code marker}. */
  Optional<String> requestContaining(String marker) {
    return bodies.stream().filter(body -> body.contains(marker)).findFirst();
  }

  @Override
  public void close() {
    server.stop(0);
    threads.shutdownNow();
  }
}
