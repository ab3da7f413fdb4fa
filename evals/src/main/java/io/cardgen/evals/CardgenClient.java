package io.cardgen.evals;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;

/**
 * Sends golden products to cardgen's public API like any client: one request per product with an
 * idempotency key unique to the run, so a rerun generates (and pays for) fresh cards.
 */
final class CardgenClient {

  private static final Duration TIMEOUT = Duration.ofMinutes(3);

  private final HttpClient http =
      HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10)).build();
  private final URI endpoint;
  private final String apiKey;
  private final String runId;

  CardgenClient(URI baseUrl, String apiKey, String runId) {
    this.endpoint = URI.create(baseUrl + "/api/text/product");
    this.apiKey = apiKey;
    this.runId = runId;
  }

  CardRun generate(GoldenProduct product) {
    HttpRequest request =
        HttpRequest.newBuilder(endpoint)
            .timeout(TIMEOUT)
            .header("Authorization", "Bearer " + apiKey)
            .header("Content-Type", "application/json")
            .header("Idempotency-Key", "eval-" + runId + "-" + product.id())
            .POST(HttpRequest.BodyPublishers.ofString(product.body().toString()))
            .build();
    long started = System.nanoTime();
    try {
      HttpResponse<String> response = http.send(request, HttpResponse.BodyHandlers.ofString());
      long latency = (System.nanoTime() - started) / 1_000_000;
      return read(product, response.statusCode(), response.body(), latency);
    } catch (IOException e) {
      return new CardRun(product, 0, "eval_connection_failed", null, elapsed(started));
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return new CardRun(product, 0, "eval_interrupted", null, elapsed(started));
    }
  }

  private static CardRun read(GoldenProduct product, int status, String body, long latency) {
    JsonNode json;
    try {
      json = Json.MAPPER.readTree(body);
    } catch (JacksonException e) {
      return new CardRun(product, status, "eval_unreadable_response", null, latency);
    }
    if (status == 200 && json.path("success").asBoolean(false) && json.path("data").isObject()) {
      return new CardRun(product, status, null, json.path("data"), latency);
    }
    return new CardRun(
        product, status, json.path("code").asString("http_" + status), null, latency);
  }

  private static long elapsed(long started) {
    return (System.nanoTime() - started) / 1_000_000;
  }
}
