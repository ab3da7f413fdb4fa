package io.cardgen.evals;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpConnectTimeoutException;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.time.Duration;
import java.util.Set;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;

/**
 * Sends golden products to cardgen's public API like any client: one request per product with an
 * idempotency key unique to the run, so a rerun generates (and pays for) fresh cards. What a busy
 * service answers is retried with the same key, as the spec's retry rule allows, so that it is not
 * scored as a bad model: a 429, a 503 (the gateway's answer to a job that outlived its wait), a 409
 * {@code generation_in_progress} (the same key's job still running), and once each a timeout or a
 * lost connection. The card's whole time is bounded ({@code patience}).
 */
final class CardgenClient {

  static final String TIMEOUT_CODE = "eval_timeout";
  static final String CONNECTION_CODE = "eval_connection_failed";

  private static final Set<Integer> RETRIED = Set.of(429, 503);
  private static final String IN_PROGRESS = "generation_in_progress";
  private static final int MAX_ATTEMPTS = 8;

  /** A timeout or a lost connection is tried twice: an address that never answers is a setting. */
  private static final int MAX_SILENT_ATTEMPTS = 2;

  private static final Duration MAX_WAIT = Duration.ofSeconds(60);
  private static final Duration CONNECT_TIMEOUT = Duration.ofSeconds(10);

  private final HttpClient http;
  private final Duration connectTimeout;
  private final URI endpoint;
  private final String apiKey;
  private final String runId;
  private final Duration timeout;
  private final Duration backoff;
  private final Duration patience;

  CardgenClient(URI baseUrl, String apiKey, String runId) {
    this(baseUrl, apiKey, runId, Duration.ofMinutes(3), Duration.ofSeconds(2));
  }

  /**
   * @param timeout how long one request may take (its connection at most 10 s of it)
   * @param backoff the first wait before a retry without {@code Retry-After}; doubled each time
   */
  CardgenClient(URI baseUrl, String apiKey, String runId, Duration timeout, Duration backoff) {
    this.connectTimeout = timeout.compareTo(CONNECT_TIMEOUT) < 0 ? timeout : CONNECT_TIMEOUT;
    this.http = HttpClient.newBuilder().connectTimeout(connectTimeout).build();
    this.endpoint = URI.create(baseUrl + "/api/text/product");
    this.apiKey = apiKey;
    this.runId = runId;
    this.timeout = timeout;
    this.backoff = backoff;
    this.patience = timeout.multipliedBy(3).plusMinutes(1);
  }

  CardRun generate(GoldenProduct product) {
    HttpRequest request =
        HttpRequest.newBuilder(endpoint)
            .timeout(timeout)
            .header("Authorization", "Bearer " + apiKey)
            .header("Content-Type", "application/json")
            .header("Idempotency-Key", "eval-" + runId + "-" + product.id())
            .POST(HttpRequest.BodyPublishers.ofString(product.body().toString()))
            .build();
    long started = System.nanoTime();
    int silent = 0;
    try {
      for (int attempt = 1; ; attempt++) {
        Answer answer = send(product, request, started, attempt);
        CardRun run = answer.run();
        silent += silent(run) ? 1 : 0;
        Duration wait = waitBefore(attempt, answer);
        boolean again =
            attempt < MAX_ATTEMPTS
                && (busy(run) || silent(run) && silent < MAX_SILENT_ATTEMPTS)
                && Duration.ofNanos(System.nanoTime() - started).plus(wait).compareTo(patience) < 0;
        if (!again) {
          return run;
        }
        Thread.sleep(wait.toMillis());
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return CardRun.unanswered(product, "eval_interrupted", "interrupted", elapsed(started));
    }
  }

  /** One answer, with its {@code Retry-After} in seconds, or -1 when it gives none. */
  private record Answer(CardRun run, long retryAfterSeconds) {}

  private Answer send(GoldenProduct product, HttpRequest request, long started, int attempt)
      throws InterruptedException {
    try {
      HttpResponse<String> response = http.send(request, HttpResponse.BodyHandlers.ofString());
      long retryAfter =
          response.headers().firstValue("Retry-After").map(CardgenClient::seconds).orElse(-1L);
      return new Answer(read(product, response, elapsed(started), attempt), retryAfter);
    } catch (HttpConnectTimeoutException e) {
      // a subclass of the request's timeout, but an address that does not answer is unreachable
      String message = "no connection within " + connectTimeout;
      return new Answer(failure(product, CONNECTION_CODE, message, started, attempt), -1);
    } catch (HttpTimeoutException e) {
      String message = "no answer within " + timeout;
      return new Answer(failure(product, TIMEOUT_CODE, message, started, attempt), -1);
    } catch (IOException e) {
      String message = String.valueOf(e.getMessage());
      return new Answer(failure(product, CONNECTION_CODE, message, started, attempt), -1);
    }
  }

  /** The service's answers that say "later": a retry with the same key is what they ask for. */
  private static boolean busy(CardRun run) {
    return RETRIED.contains(run.status()) || run.status() == 409 && IN_PROGRESS.equals(run.code());
  }

  /** No answer at all: a service restarting, or an address that is wrong. */
  private static boolean silent(CardRun run) {
    return TIMEOUT_CODE.equals(run.code()) || CONNECTION_CODE.equals(run.code());
  }

  /** The answer's {@code Retry-After} in seconds when it gives one, else exponential backoff. */
  private Duration waitBefore(int attempt, Answer answer) {
    Duration wait = backoff.multipliedBy(1L << (attempt - 1));
    if (answer.retryAfterSeconds() >= 0) {
      wait = Duration.ofSeconds(answer.retryAfterSeconds());
    }
    return wait.compareTo(MAX_WAIT) > 0 ? MAX_WAIT : wait;
  }

  private static CardRun read(
      GoldenProduct product, HttpResponse<String> response, long latency, int attempt) {
    int status = response.statusCode();
    JsonNode json;
    try {
      json = Json.MAPPER.readTree(response.body());
    } catch (JacksonException e) {
      return new CardRun(
          product, status, "eval_unreadable_response", "not JSON", null, latency, attempt);
    }
    if (status == 200 && json.path("success").asBoolean(false) && json.path("data").isObject()) {
      return new CardRun(product, status, null, null, json.path("data"), latency, attempt);
    }
    return new CardRun(
        product,
        status,
        json.path("code").asString("http_" + status),
        json.path("message").asString(null),
        null,
        latency,
        attempt);
  }

  private static CardRun failure(
      GoldenProduct product, String code, String message, long started, int attempt) {
    return new CardRun(product, 0, code, message, null, elapsed(started), attempt);
  }

  private static long seconds(String value) {
    try {
      return Math.max(0, Long.parseLong(value.strip()));
    } catch (NumberFormatException e) {
      return -1; // an HTTP date: fall back to the backoff
    }
  }

  private static long elapsed(long started) {
    return (System.nanoTime() - started) / 1_000_000;
  }
}
