package io.cardgen.worker.llm;

import dev.langchain4j.exception.TimeoutException;
import dev.langchain4j.http.client.HttpClient;
import dev.langchain4j.http.client.HttpClientBuilder;
import dev.langchain4j.http.client.HttpRequest;
import dev.langchain4j.http.client.SuccessfulHttpResponse;
import dev.langchain4j.http.client.sse.ServerSentEventListener;
import dev.langchain4j.http.client.sse.ServerSentEventParser;
import java.net.URI;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.InstantSource;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Consumer;

/**
 * langchain4j's transport to the provider, on the JDK client like its own, but keeping the response
 * headers: langchain4j's client drops them on errors, and a 429's {@code Retry-After} is exactly
 * what the worker needs. Successful answers report their {@code x-ratelimit-*} headers to {@code
 * observer}, so the worker slows down before the provider refuses.
 */
final class ProviderHttpClient implements HttpClient {

  /** A card's answer is a few KB; a bound far above any of them, far below the heap. */
  static final long MAX_ANSWER_BYTES = 4L << 20;

  /** What an error answer keeps of its body: enough for its message, whatever its length. */
  private static final int MAX_ERROR_CHARS = 16_384;

  private final java.net.http.HttpClient client;
  private final Duration readTimeout;
  private final InstantSource clock;
  private final Consumer<RateLimitHeaders> observer;
  private final PhotoPayloads payloads;
  private final AnswerMemory memory;

  private ProviderHttpClient(Builder builder) {
    this.client =
        java.net.http.HttpClient.newBuilder().connectTimeout(builder.connectTimeout).build();
    this.readTimeout = builder.readTimeout;
    this.clock = builder.clock;
    this.observer = builder.observer;
    this.payloads = builder.payloads;
    this.memory = builder.memory;
  }

  static Builder builder(
      InstantSource clock,
      Consumer<RateLimitHeaders> observer,
      PhotoPayloads payloads,
      AnswerMemory memory) {
    return new Builder(clock, observer, payloads, memory);
  }

  @Override
  public SuccessfulHttpResponse execute(HttpRequest request) {
    HttpResponse<byte[]> response = send(toJdk(request));
    RateLimitHeaders rateLimit = RateLimitHeaders.of(response.headers().map(), clock.instant());
    String body = new String(response.body(), StandardCharsets.UTF_8);
    if (response.statusCode() < 200 || response.statusCode() >= 300) {
      throw new ProviderHttpException(
          response.statusCode(),
          body.length() <= MAX_ERROR_CHARS ? body : body.substring(0, MAX_ERROR_CHARS),
          rateLimit);
    }
    observer.accept(rateLimit);
    return SuccessfulHttpResponse.builder()
        .statusCode(response.statusCode())
        .headers(response.headers().map())
        .body(body)
        .build();
  }

  /**
   * Sends and reads the answer within the read timeout. The request's own timeout ends when the
   * headers arrive (JDK-8258397): a provider or proxy that stalls or trickles the body would hold
   * the job, its slot and its lease for good.
   */
  private HttpResponse<byte[]> send(java.net.http.HttpRequest request) {
    AtomicReference<BoundedBody> body = new AtomicReference<>();
    CompletableFuture<HttpResponse<byte[]>> pending =
        client.sendAsync(request, BoundedBody.handler(MAX_ANSWER_BYTES, memory, body::set));
    try {
      return pending.get(readTimeout.toNanos(), TimeUnit.NANOSECONDS);
    } catch (java.util.concurrent.TimeoutException slow) {
      pending.cancel(true);
      // Cancelling the exchange need not reach the body, whose share of the answers' memory
      // would then never be given back.
      abandon(body.get());
      throw new TimeoutException(new HttpTimeoutException("no whole answer within " + readTimeout));
    } catch (ExecutionException failed) {
      throw unwrapped(failed.getCause());
    } catch (InterruptedException interrupted) {
      pending.cancel(true);
      abandon(body.get());
      Thread.currentThread().interrupt();
      throw new RuntimeException(interrupted);
    }
  }

  private static void abandon(BoundedBody body) {
    if (body != null) {
      body.abandon();
    }
  }

  /** As the blocking {@code send} would have thrown it, for {@link ProviderCall} to classify. */
  private static RuntimeException unwrapped(Throwable failure) {
    if (failure instanceof HttpTimeoutException timeout) {
      return new TimeoutException(timeout);
    }
    if (failure instanceof RuntimeException runtime) {
      return runtime;
    }
    return new RuntimeException(failure);
  }

  @Override
  public void execute(
      HttpRequest request, ServerSentEventParser parser, ServerSentEventListener listener) {
    throw new UnsupportedOperationException("The worker does not stream answers");
  }

  private java.net.http.HttpRequest toJdk(HttpRequest request) {
    if (!request.formDataFields().isEmpty() || !request.formDataFiles().isEmpty()) {
      throw new UnsupportedOperationException("The worker sends no multipart requests");
    }
    URI uri = URI.create(request.url());
    java.net.http.HttpRequest.Builder jdk =
        java.net.http.HttpRequest.newBuilder(uri).timeout(readTimeout);
    if ("http".equalsIgnoreCase(uri.getScheme())) {
      // Over plain HTTP the JDK client would offer every new connection an h2c upgrade that
      // OpenAI-compatible servers do not take. Measured against the 2 s simulator: calls up to
      // 700 ms late before, none of 400 over 2.15 s after. Over HTTPS, ALPN negotiates as before.
      jdk.version(java.net.http.HttpClient.Version.HTTP_1_1);
    }
    request.headers().forEach((name, values) -> values.forEach(value -> jdk.header(name, value)));
    String body = request.body();
    return jdk.method(
            request.method().name(),
            body == null
                ? java.net.http.HttpRequest.BodyPublishers.noBody()
                : java.net.http.HttpRequest.BodyPublishers.ofByteArray(payloads.resolve(body)))
        .build();
  }

  static final class Builder implements HttpClientBuilder {
    private final InstantSource clock;
    private final Consumer<RateLimitHeaders> observer;
    private final PhotoPayloads payloads;
    private final AnswerMemory memory;
    private Duration connectTimeout = Duration.ofSeconds(10);
    private Duration readTimeout = Duration.ofSeconds(60);

    private Builder(
        InstantSource clock,
        Consumer<RateLimitHeaders> observer,
        PhotoPayloads payloads,
        AnswerMemory memory) {
      this.clock = clock;
      this.observer = observer;
      this.payloads = payloads;
      this.memory = memory;
    }

    @Override
    public Duration connectTimeout() {
      return connectTimeout;
    }

    @Override
    public Builder connectTimeout(Duration timeout) {
      if (timeout != null) {
        this.connectTimeout = timeout;
      }
      return this;
    }

    @Override
    public Duration readTimeout() {
      return readTimeout;
    }

    @Override
    public Builder readTimeout(Duration timeout) {
      if (timeout != null) {
        this.readTimeout = timeout;
      }
      return this;
    }

    @Override
    public HttpClient build() {
      return new ProviderHttpClient(this);
    }
  }
}
