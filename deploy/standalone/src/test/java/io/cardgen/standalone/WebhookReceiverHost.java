package io.cardgen.standalone;

import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * A batch's webhook receiver on loopback that answers 500 to the first request and 204 ever after,
 * recording each request's webhook headers and body.
 */
final class WebhookReceiverHost implements AutoCloseable {

  record Call(Map<String, String> headers, String body) {}

  private final HttpServer server;
  private final List<Call> calls = new CopyOnWriteArrayList<>();

  private WebhookReceiverHost(HttpServer server) {
    this.server = server;
  }

  static WebhookReceiverHost failingFirst() throws IOException {
    WebhookReceiverHost host =
        new WebhookReceiverHost(HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0));
    host.server.createContext(
        "/hooks",
        exchange -> {
          try (exchange;
              InputStream body = exchange.getRequestBody()) {
            var headers = exchange.getRequestHeaders();
            host.calls.add(
                new Call(
                    Map.of(
                        "content-type", headers.getFirst("Content-Type"),
                        "webhook-id", headers.getFirst("webhook-id"),
                        "webhook-timestamp", headers.getFirst("webhook-timestamp"),
                        "webhook-signature", headers.getFirst("webhook-signature")),
                    new String(body.readAllBytes(), StandardCharsets.UTF_8)));
            exchange.sendResponseHeaders(host.calls.size() == 1 ? 500 : 204, -1);
          }
        });
    host.server.start();
    return host;
  }

  String url() {
    return "http://127.0.0.1:" + server.getAddress().getPort() + "/hooks";
  }

  List<Call> calls() {
    return List.copyOf(calls);
  }

  @Override
  public void close() {
    server.stop(0);
  }
}
