package io.cardgen.worker.llm;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpHandler;
import com.sun.net.httpserver.HttpServer;
import dev.langchain4j.exception.HttpException;
import dev.langchain4j.exception.TimeoutException;
import dev.langchain4j.http.client.HttpMethod;
import dev.langchain4j.http.client.HttpRequest;
import dev.langchain4j.http.client.SuccessfulHttpResponse;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The provider's answer is read within the read timeout and a size bound, body included. */
class ProviderHttpClientTest {

  private static final Duration READ_TIMEOUT = Duration.ofMillis(500);

  /** Room for whole answers of the largest size, except where a test makes it smaller. */
  private AnswerMemory memory = new AnswerMemory(2 * ProviderHttpClient.MAX_ANSWER_BYTES);

  private final CountDownLatch released = new CountDownLatch(1);
  private HttpServer server;

  @AfterEach
  void stop() {
    released.countDown();
    if (server != null) {
      server.stop(0);
    }
  }

  @Test
  void aWholeAnswerIsReturned() {
    serve(exchange -> answer(exchange, 200, "{\"ok\":true}".getBytes(StandardCharsets.UTF_8)));

    SuccessfulHttpResponse response = client().execute(request());

    assertThat(response.body()).isEqualTo("{\"ok\":true}");
  }

  @Test
  void aBodyThatStallsAfterItsHeadersTimesOut() {
    serve(
        exchange -> {
          exchange.sendResponseHeaders(200, 0);
          OutputStream body = exchange.getResponseBody();
          body.write("{\"choices\":".getBytes(StandardCharsets.UTF_8));
          body.flush();
          awaitRelease();
        });

    long started = System.nanoTime();
    assertThatThrownBy(() -> client().execute(request())).isInstanceOf(TimeoutException.class);
    // The request's own timeout would have stopped counting when the headers came.
    assertThat(Duration.ofNanos(System.nanoTime() - started)).isLessThan(Duration.ofSeconds(5));
  }

  @Test
  void aBodyLongerThanTheBoundFailsWithoutBeingReadWhole() {
    byte[] chunk = new byte[64 * 1024];
    serve(
        exchange -> {
          exchange.sendResponseHeaders(200, 0);
          OutputStream body = exchange.getResponseBody();
          try {
            for (long sent = 0; sent <= ProviderHttpClient.MAX_ANSWER_BYTES; sent += chunk.length) {
              body.write(chunk);
            }
            body.close();
          } catch (IOException cancelled) {
            // The client stopped reading, as it should.
          }
        });

    // Reading 4 MiB takes longer than the stall tests' timeout on a loaded machine.
    assertThatThrownBy(() -> client(Duration.ofSeconds(30)).execute(request()))
        .isInstanceOf(BoundedBody.TooLarge.class)
        .hasMessageContaining("longer than");
  }

  @Test
  void aDeclaredLengthOverTheBoundFailsBeforeTheBody() {
    serve(
        exchange -> {
          exchange.sendResponseHeaders(200, ProviderHttpClient.MAX_ANSWER_BYTES + 1);
          awaitRelease();
        });

    assertThatThrownBy(() -> client().execute(request())).isInstanceOf(BoundedBody.TooLarge.class);
  }

  @Test
  void aLongAnswerWithinTheMemoryIsReadAndGivesItBack() {
    memory = new AnswerMemory(100 * 1024);
    byte[] answer = new byte[(int) AnswerMemory.ALLOWANCE + 90 * 1024];
    serve(exchange -> answer(exchange, 200, answer));

    assertThat(client().execute(request()).body()).hasSize(answer.length);
    assertThat(memory.used()).isZero();
  }

  /** Many long answers at once must not fill the heap: past the budget a call fails, retriably. */
  @Test
  void aLongAnswerBeyondTheWorkersMemoryFailsAsATransientFailure() {
    memory = new AnswerMemory(100 * 1024);
    byte[] answer = new byte[(int) AnswerMemory.ALLOWANCE + 200 * 1024];
    serve(exchange -> answerUnlessCancelled(exchange, answer));

    assertThatThrownBy(() -> client().execute(request()))
        .isNotInstanceOf(BoundedBody.TooLarge.class)
        .hasRootCauseInstanceOf(AnswerMemory.Spent.class);
    assertThat(memory.used()).isZero();
  }

  @Test
  void aLongAnswerThatStallsGivesItsMemoryBackAtTheReadTimeout() {
    memory = new AnswerMemory(100 * 1024);
    serve(
        exchange -> {
          exchange.sendResponseHeaders(200, 0);
          OutputStream body = exchange.getResponseBody();
          body.write(new byte[(int) AnswerMemory.ALLOWANCE + 50 * 1024]);
          body.flush();
          awaitRelease();
        });

    assertThatThrownBy(() -> client().execute(request())).isInstanceOf(TimeoutException.class);
    assertThat(memory.used()).isZero();
  }

  @Test
  void anErrorAnswerKeepsOnlyTheStartOfItsBody() {
    serve(
        exchange -> answer(exchange, 500, "x".repeat(1_000_000).getBytes(StandardCharsets.UTF_8)));

    assertThatThrownBy(() -> client().execute(request()))
        .isInstanceOfSatisfying(
            HttpException.class,
            failure -> {
              assertThat(failure.statusCode()).isEqualTo(500);
              assertThat(failure.getMessage()).hasSizeLessThanOrEqualTo(16_384);
            });
  }

  private ProviderHttpClient client() {
    return client(READ_TIMEOUT);
  }

  private ProviderHttpClient client(Duration readTimeout) {
    return (ProviderHttpClient)
        ProviderHttpClient.builder(Clock.systemUTC(), limits -> {}, new PhotoPayloads(), memory)
            .readTimeout(readTimeout)
            .build();
  }

  private HttpRequest request() {
    return HttpRequest.builder()
        .method(HttpMethod.POST)
        .url("http://127.0.0.1:" + server.getAddress().getPort() + "/v1/chat/completions")
        .addHeader("Content-Type", "application/json")
        .body("{}")
        .build();
  }

  private void serve(HttpHandler handler) {
    try {
      server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
    } catch (IOException e) {
      throw new IllegalStateException(e);
    }
    server.createContext("/", handler);
    server.setExecutor(Executors.newCachedThreadPool());
    server.start();
  }

  private static void answer(HttpExchange exchange, int status, byte[] body) throws IOException {
    exchange.sendResponseHeaders(status, body.length);
    try (OutputStream out = exchange.getResponseBody()) {
      out.write(body);
    }
  }

  private static void answerUnlessCancelled(HttpExchange exchange, byte[] body) {
    try {
      answer(exchange, 200, body);
    } catch (IOException cancelled) {
      // The client stopped reading, as it should.
    }
  }

  private void awaitRelease() {
    try {
      released.await();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
