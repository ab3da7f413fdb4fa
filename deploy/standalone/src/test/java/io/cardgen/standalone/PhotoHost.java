package io.cardgen.standalone;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpHandler;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/**
 * An image host for photo links, listening on every local address (127.0.0.1, 127.0.0.3, [::1] ...)
 * and recording each request's path, so a test can tell that a link the worker must refuse was
 * never requested although a request would have arrived here.
 */
final class PhotoHost implements AutoCloseable {

  private final HttpServer server;
  private final ExecutorService threads = Executors.newCachedThreadPool();
  private final List<String> requests = new CopyOnWriteArrayList<>();

  PhotoHost() throws IOException {
    server = HttpServer.create(new InetSocketAddress(0), 0); // the wildcard address, v4 and v6
    server.setExecutor(threads);
    server.start();
  }

  int port() {
    return server.getAddress().getPort();
  }

  /** A link to {@code path} on this host at {@code address} (an IPv6 one in brackets). */
  String link(String address, String path) {
    return "http://" + address + ":" + port() + path;
  }

  PhotoHost on(String path, HttpHandler handler) {
    server.createContext(
        path,
        exchange -> {
          requests.add(exchange.getRequestURI().getPath());
          try (exchange) {
            handler.handle(exchange);
          }
        });
    return this;
  }

  /** How often {@code path} was requested. */
  long requestsFor(String path) {
    return requests.stream().filter(path::equals).count();
  }

  static HttpHandler body(int status, String contentType, byte[] body) {
    return exchange -> send(exchange, status, contentType, body);
  }

  static HttpHandler redirect(String location) {
    return exchange -> {
      exchange.getResponseHeaders().set("Location", location);
      exchange.sendResponseHeaders(302, -1);
    };
  }

  /** Answers only after {@code millis}, like a host that hangs. */
  static HttpHandler hanging(long millis, byte[] body) {
    return exchange -> {
      try {
        Thread.sleep(millis);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        return;
      }
      send(exchange, 200, "image/png", body);
    };
  }

  private static void send(HttpExchange exchange, int status, String contentType, byte[] body)
      throws IOException {
    exchange.getResponseHeaders().set("Content-Type", contentType);
    exchange.sendResponseHeaders(status, body.length == 0 ? -1 : body.length);
    try (OutputStream out = exchange.getResponseBody()) {
      out.write(body);
    }
  }

  @Override
  public void close() {
    server.stop(0);
    threads.shutdownNow();
  }
}
