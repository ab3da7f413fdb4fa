package io.cardgen.standalone;

import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.util.Base64;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A photo host on loopback whose one photo answers 503 to the first request and the image ever
 * after: the same request fails once (image_unavailable), then succeeds. Counts every request, so a
 * test can tell whether a replay asked again.
 */
final class FlakyPhotoHost implements AutoCloseable {

  private final HttpServer server;
  private final AtomicInteger requests = new AtomicInteger();

  private FlakyPhotoHost(HttpServer server) {
    this.server = server;
  }

  static FlakyPhotoHost start() throws IOException {
    byte[] png =
        Base64.getDecoder()
            .decode(Banner.SAMPLE_PHOTO.substring("data:image/png;base64,".length()));
    FlakyPhotoHost host =
        new FlakyPhotoHost(HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0));
    host.server.createContext(
        "/flaky.png",
        exchange -> {
          boolean first = host.requests.incrementAndGet() == 1;
          exchange.getResponseHeaders().add("Content-Type", "image/png");
          exchange.sendResponseHeaders(first ? 503 : 200, first ? -1 : png.length);
          if (!first) {
            exchange.getResponseBody().write(png);
          }
          exchange.close();
        });
    host.server.start();
    return host;
  }

  String photoUrl() {
    return "http://127.0.0.1:" + server.getAddress().getPort() + "/flaky.png";
  }

  int requests() {
    return requests.get();
  }

  @Override
  public void close() {
    server.stop(0);
  }
}
