package io.cardgen.worker.photo;

import static org.assertj.core.api.Assertions.assertThat;

import io.cardgen.testsupport.PhotoHost;
import io.cardgen.testsupport.TestImages;
import java.io.IOException;
import java.io.OutputStream;
import java.time.Duration;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.springframework.core.task.SimpleAsyncTaskExecutor;
import org.springframework.util.unit.DataSize;

class PhotoLinkBatchTest {

  private static final UUID ACCOUNT = UUID.randomUUID();

  private static final byte[] PNG = TestImages.png(32, 32);

  private final PhotoHost server = startServer();
  private PhotoLinkFetcher fetcher;

  @AfterEach
  void stop() {
    server.close();
    if (fetcher != null) {
      fetcher.close();
    }
  }

  @Test
  void fetchesACardsLinksAllAtOnce() {
    // Each answer waits until all three requests have arrived: fetched one after another, the
    // first would wait out the deadline and never be Fetched.
    CountDownLatch allArrived = new CountDownLatch(3);
    server.on(
        "/together",
        PhotoHost.of(
            exchange -> {
              allArrived.countDown();
              allArrived.await(5, TimeUnit.SECONDS);
              send(exchange, PNG);
            }));
    PhotoLinkBatch batch = batch(Duration.ofSeconds(4));

    List<FetchOutcome> outcomes =
        batch.fetch(
            ACCOUNT,
            List.of(
                server.uri("/together?a"), server.uri("/together?b"), server.uri("/together?c")));

    assertThat(outcomes).hasSize(3).allMatch(FetchOutcome.Fetched.class::isInstance);
  }

  @Test
  void givesTheWholeCardOneDeadlineAndKeepsTheLinksOrder() {
    server.on("/photo", PhotoHost.body(200, "image/png", PNG));
    server.on("/hangs", PhotoHost.of(exchange -> Thread.sleep(10_000)));
    server.on("/missing", PhotoHost.status(404));
    PhotoLinkBatch batch = batch(Duration.ofMillis(800));
    long started = System.nanoTime();

    List<FetchOutcome> outcomes =
        batch.fetch(
            ACCOUNT,
            List.of(
                server.uri("/hangs?1"),
                server.uri("/photo"),
                server.uri("/hangs?2"),
                server.uri("/missing")));

    assertThat(Duration.ofNanos(System.nanoTime() - started)).isLessThan(Duration.ofSeconds(3));
    assertThat(outcomes.get(0))
        .isEqualTo(
            new FetchOutcome.Unavailable(
                "fetch deadline passed", PhotoProblem.of(PhotoProblem.Kind.TIMEOUT)));
    assertThat(outcomes.get(1)).isInstanceOf(FetchOutcome.Fetched.class);
    assertThat(outcomes.get(2))
        .isEqualTo(
            new FetchOutcome.Unavailable(
                "fetch deadline passed", PhotoProblem.of(PhotoProblem.Kind.TIMEOUT)));
    assertThat(outcomes.get(3)).isInstanceOf(FetchOutcome.Refused.class);
  }

  @Test
  void fetchesASingleLinkOnTheCallingThread() {
    server.on("/photo", PhotoHost.body(200, "image/png", PNG));
    PhotoLinkBatch batch =
        new PhotoLinkBatch(
            fetcher(Duration.ofSeconds(2)),
            task -> {
              throw new AssertionError("no thread needed for one link");
            });

    assertThat(batch.fetch(ACCOUNT, List.of(server.uri("/photo"))))
        .singleElement()
        .isInstanceOf(FetchOutcome.Fetched.class);
  }

  private PhotoLinkBatch batch(Duration deadline) {
    return new PhotoLinkBatch(fetcher(deadline), new SimpleAsyncTaskExecutor("test-fetch-"));
  }

  private PhotoLinkFetcher fetcher(Duration deadline) {
    fetcher =
        new PhotoLinkFetcher(
            new PhotoProperties(
                DataSize.ofKilobytes(64),
                40_000_000,
                Duration.ofSeconds(2),
                Duration.ofSeconds(10),
                deadline,
                3,
                List.of("127.0.0.1/32"),
                1024,
                0.85f,
                PhotoProperties.DEFAULT_DECODE_MEMORY));
    return fetcher;
  }

  private static void send(com.sun.net.httpserver.HttpExchange exchange, byte[] body)
      throws IOException {
    exchange.sendResponseHeaders(200, body.length);
    try (OutputStream out = exchange.getResponseBody()) {
      out.write(body);
    }
  }

  private static PhotoHost startServer() {
    try {
      return new PhotoHost("127.0.0.1");
    } catch (IOException e) {
      throw new IllegalStateException(e);
    }
  }
}
