package io.cardgen.testsupport;

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
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * A local HTTP host photo links can point at, recording the path of every request it receives, so a
 * test can tell that a link the service must refuse was never requested.
 */
public final class PhotoHost implements AutoCloseable {

  private final HttpServer server;
  private final ExecutorService threads = Executors.newCachedThreadPool();
  private final List<String> requests = new CopyOnWriteArrayList<>();

  /** Listens on every local address (127.0.0.1, 127.0.0.3, [::1] ...) on one free port. */
  public PhotoHost() throws IOException {
    this(new InetSocketAddress(0)); // the wildcard address, v4 and v6
  }

  /** Listens on {@code address} only, on a free port. */
  public PhotoHost(String address) throws IOException {
    this(new InetSocketAddress(InetAddress.getByName(address), 0));
  }

  private PhotoHost(InetSocketAddress address) throws IOException {
    server = HttpServer.create(address, 0);
    server.setExecutor(threads);
    server.start();
  }

  /** Serves {@code path} with {@code handler}, recording the request first. */
  public PhotoHost on(String path, HttpHandler handler) {
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

  public int port() {
    return server.getAddress().getPort();
  }

  /** {@code path} on the address this host listens on (127.0.0.1 when it listens on all). */
  public URI uri(String path) {
    InetAddress bound = server.getAddress().getAddress();
    return URI.create(link(bound.isAnyLocalAddress() ? "127.0.0.1" : bound.getHostAddress(), path));
  }

  /** A link to {@code path} on this host at {@code address} (an IPv6 one in brackets). */
  public String link(String address, String path) {
    return "http://" + address + ":" + port() + path;
  }

  /** The paths requested so far, in order. */
  public List<String> requests() {
    return List.copyOf(requests);
  }

  /** How often {@code path} was requested. */
  public long requestsFor(String path) {
    return requests.stream().filter(path::equals).count();
  }

  public static HttpHandler body(int status, String contentType, byte[] body) {
    return exchange -> send(exchange, status, contentType, body);
  }

  public static HttpHandler status(int status) {
    return body(status, "text/plain", "no".getBytes());
  }

  public static HttpHandler redirect(String location) {
    return exchange -> {
      exchange.getResponseHeaders().set("Location", location);
      exchange.sendResponseHeaders(302, -1);
    };
  }

  /** {@code first} for the first request, {@code then} for every later one. */
  public static HttpHandler firstThen(HttpHandler first, HttpHandler then) {
    AtomicBoolean answered = new AtomicBoolean();
    return exchange -> (answered.getAndSet(true) ? then : first).handle(exchange);
  }

  /** Answers only after {@code millis}, like a host that hangs. */
  public static HttpHandler hanging(long millis, byte[] body) {
    return of(
        exchange -> {
          Thread.sleep(millis);
          send(exchange, 200, "image/png", body);
        });
  }

  /** A handler that may be interrupted (when the host closes). */
  public static HttpHandler of(Action action) {
    return exchange -> {
      try {
        action.run(exchange);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    };
  }

  /** What a handler does; it may wait. */
  public interface Action {
    void run(HttpExchange exchange) throws IOException, InterruptedException;
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
