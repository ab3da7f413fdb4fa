package io.cardgen.testsupport;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;

/**
 * A real HTTP receiver on a loopback address: records every request it gets and answers them with
 * the scripted answers in order, then 204.
 */
public final class WebhookReceiver implements AutoCloseable {

  /** One request as received. */
  public record Received(String method, String path, Map<String, String> headers, String body) {
    public String header(String name) {
      return headers.get(name);
    }
  }

  /** How the receiver answers one request. */
  public sealed interface Answer {}

  public record Status(int code, Map<String, String> headers) implements Answer {}

  /** Never answers (until the receiver closes): the sender's timeout must cut the attempt. */
  public record Hang() implements Answer {}

  private final HttpServer server;
  private final ExecutorService threads = Executors.newCachedThreadPool();
  private final List<Received> received = new CopyOnWriteArrayList<>();
  private final Queue<Answer> script = new ConcurrentLinkedQueue<>();
  private final CountDownLatch closing = new CountDownLatch(1);

  public WebhookReceiver(String address) throws IOException {
    server = HttpServer.create(new InetSocketAddress(InetAddress.getByName(address), 0), 0);
    server.setExecutor(threads);
    server.createContext("/", this::handle);
    server.start();
  }

  public WebhookReceiver answering(Answer... answers) {
    script.addAll(List.of(answers));
    return this;
  }

  public static Answer status(int code) {
    return new Status(code, Map.of());
  }

  public String url(String path) {
    return "http://" + address() + ":" + port() + path;
  }

  public String address() {
    return server.getAddress().getAddress().getHostAddress();
  }

  public int port() {
    return server.getAddress().getPort();
  }

  public List<Received> received() {
    return List.copyOf(received);
  }

  private void handle(HttpExchange exchange) throws IOException {
    try (exchange;
        InputStream body = exchange.getRequestBody()) {
      Map<String, String> headers = new java.util.TreeMap<>(String.CASE_INSENSITIVE_ORDER);
      exchange.getRequestHeaders().forEach((name, values) -> headers.put(name, values.get(0)));
      received.add(
          new Received(
              exchange.getRequestMethod(),
              exchange.getRequestURI().getPath(),
              headers,
              new String(body.readAllBytes(), StandardCharsets.UTF_8)));
      Answer answer = script.poll();
      if (answer instanceof Hang) {
        closing.await(30, TimeUnit.SECONDS);
        return;
      }
      Status status = answer == null ? new Status(204, Map.of()) : (Status) answer;
      status.headers().forEach((name, value) -> exchange.getResponseHeaders().set(name, value));
      exchange.sendResponseHeaders(status.code(), -1);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  @Override
  public void close() {
    closing.countDown();
    server.stop(0);
    threads.shutdownNow();
  }
}
