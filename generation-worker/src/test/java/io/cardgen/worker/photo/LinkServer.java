package io.cardgen.worker.photo;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpHandler;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/** A local HTTP server photo links can point at, recording every request it receives. */
final class LinkServer implements AutoCloseable {

  private final HttpServer server;
  private final ExecutorService threads = Executors.newCachedThreadPool();
  private final List<String> requests = new CopyOnWriteArrayList<>();

  LinkServer(String address) throws IOException {
    server = HttpServer.create(new InetSocketAddress(InetAddress.getByName(address), 0), 0);
    server.setExecutor(threads);
    server.start();
  }

  /** Serves {@code path} with {@code handler}, recording the request first. */
  LinkServer on(String path, HttpHandler handler) {
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

  URI uri(String path) {
    InetSocketAddress bound = server.getAddress();
    return URI.create(
        "http://" + bound.getAddress().getHostAddress() + ":" + bound.getPort() + path);
  }

  int port() {
    return server.getAddress().getPort();
  }

  List<String> requests() {
    return List.copyOf(requests);
  }

  static HttpHandler body(int status, String contentType, byte[] body) {
    return exchange -> {
      exchange.getResponseHeaders().set("Content-Type", contentType);
      exchange.sendResponseHeaders(status, body.length == 0 ? -1 : body.length);
      try (OutputStream out = exchange.getResponseBody()) {
        out.write(body);
      }
    };
  }

  static HttpHandler status(int status) {
    return body(status, "text/plain", "no".getBytes());
  }

  static HttpHandler redirect(String location) {
    return exchange -> {
      exchange.getResponseHeaders().set("Location", location);
      exchange.sendResponseHeaders(302, -1);
    };
  }

  static HttpHandler of(Action action) {
    return exchange -> {
      try {
        action.run(exchange);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    };
  }

  interface Action {
    void run(HttpExchange exchange) throws IOException, InterruptedException;
  }

  @Override
  public void close() {
    server.stop(0);
    threads.shutdownNow();
  }
}
