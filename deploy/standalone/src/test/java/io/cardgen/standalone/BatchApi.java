package io.cardgen.standalone;

import static org.awaitility.Awaitility.await;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import tools.jackson.databind.JsonNode;

/** The batch endpoints through HTTP, as a client calls them, plus the bodies tests send. */
final class BatchApi {

  private static final HttpClient HTTP =
      HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

  private final TestStack stack;
  private final int port;

  BatchApi(TestStack stack) {
    this(stack, stack.publicPort);
  }

  /** Through the gateway listening on {@code port}, an extra replica's. */
  BatchApi(TestStack stack, int port) {
    this.stack = stack;
    this.port = port;
  }

  /** A generation request of one card with the sample photo. */
  static String request(String description) {
    return """
        {"image_url": "%s", "short_description": "%s", "style": "standard", "length": 300}
        """
        .formatted(Banner.SAMPLE_PHOTO, description)
        .strip();
  }

  static String item(String customId, String description) {
    return "{\"custom_id\": \"%s\", \"request\": %s}".formatted(customId, request(description));
  }

  /** A JSON body of {@code count} items "sku-1"… described by {@code description(i)}. */
  static String body(int count, java.util.function.IntFunction<String> description, String extra) {
    String items =
        IntStream.rangeClosed(1, count)
            .mapToObj(i -> item("sku-" + i, description.apply(i)))
            .collect(Collectors.joining(",\n"));
    return "{\"items\": [" + items + "]" + (extra == null ? "" : ", " + extra) + "}";
  }

  TestStack.Response create(String apiKey, String idempotencyKey, String body) throws Exception {
    return create(apiKey, idempotencyKey, "application/json", "", body);
  }

  TestStack.Response create(
      String apiKey, String idempotencyKey, String contentType, String query, String body)
      throws Exception {
    HttpRequest.Builder request =
        HttpRequest.newBuilder(uri("/api/batches" + query))
            .timeout(Duration.ofSeconds(120))
            .header("Content-Type", contentType)
            .POST(HttpRequest.BodyPublishers.ofString(body));
    if (idempotencyKey != null) {
      request.header("Idempotency-Key", idempotencyKey);
    }
    return json(authorized(request, apiKey));
  }

  /** A JSON body sent with one more header, as given. */
  TestStack.Response createWithHeader(String apiKey, String header, String value, String body)
      throws Exception {
    HttpRequest.Builder request =
        HttpRequest.newBuilder(uri("/api/batches"))
            .timeout(Duration.ofSeconds(120))
            .header("Content-Type", "application/json")
            .header(header, value)
            .POST(HttpRequest.BodyPublishers.ofString(body));
    return json(authorized(request, apiKey));
  }

  TestStack.Response get(String apiKey, String path) throws Exception {
    return json(authorized(HttpRequest.newBuilder(uri(path)).GET(), apiKey));
  }

  TestStack.Response cancel(String apiKey, String id) throws Exception {
    return json(
        authorized(
            HttpRequest.newBuilder(uri("/api/batches/" + id + "/cancel"))
                .POST(HttpRequest.BodyPublishers.noBody()),
            apiKey));
  }

  /** The results stream, one parsed line each; fails unless it answered 200 NDJSON. */
  List<JsonNode> results(String apiKey, String id, String query) throws Exception {
    HttpResponse<String> response =
        HTTP.send(
            authorized(
                    HttpRequest.newBuilder(uri("/api/batches/" + id + "/results" + query)).GET(),
                    apiKey)
                .build(),
            HttpResponse.BodyHandlers.ofString());
    if (response.statusCode() != 200
        || !response
            .headers()
            .firstValue("Content-Type")
            .orElse("")
            .startsWith("application/x-ndjson")) {
      throw new AssertionError(
          "results answered " + response.statusCode() + ": " + response.body());
    }
    List<JsonNode> lines = new ArrayList<>();
    for (String line : response.body().split("\n")) {
      if (!line.isBlank()) {
        lines.add(TestStack.JSON.readTree(line));
      }
    }
    return lines;
  }

  /** HEAD of the results: the status and Content-Type a GET would have. */
  String resultsHead(String apiKey, String id) throws Exception {
    HttpResponse<String> response =
        HTTP.send(
            authorized(
                    HttpRequest.newBuilder(uri("/api/batches/" + id + "/results"))
                        .method("HEAD", HttpRequest.BodyPublishers.noBody()),
                    apiKey)
                .build(),
            HttpResponse.BodyHandlers.ofString());
    return response.statusCode() + " " + response.headers().firstValue("Content-Type").orElse("");
  }

  JsonNode batch(String apiKey, String id) throws Exception {
    TestStack.Response response = get(apiKey, "/api/batches/" + id);
    if (response.status() != 200) {
      throw new AssertionError("batch lookup failed: " + response);
    }
    return response.json().get("data");
  }

  /**
   * The batch once its status is {@code status}, polled every 200 ms for at most {@code atMost}.
   */
  JsonNode awaitStatus(String apiKey, String id, String status, Duration atMost) {
    return await(id + " " + status)
        .atMost(atMost)
        .pollInterval(Duration.ofMillis(200))
        .until(() -> batch(apiKey, id), batch -> batch.get("status").asString().equals(status));
  }

  /** The outbox rows written for a batch. */
  List<Map<String, Object>> webhookRows(String id) {
    return stack
        .jdbc()
        .sql(
            "SELECT event_key, event_type, url, payload, state FROM webhook_deliveries"
                + " WHERE event_key LIKE :key")
        .param("key", "batch:" + id + ":%")
        .query()
        .listOfRows();
  }

  long batchesOf(UUID account) {
    return stack
        .jdbc()
        .sql("SELECT count(*) FROM batches WHERE account_id = :account")
        .param("account", account)
        .query(Long.class)
        .single();
  }

  long jobsOf(UUID account) {
    return stack
        .jdbc()
        .sql("SELECT count(*) FROM jobs WHERE account_id = :account")
        .param("account", account)
        .query(Long.class)
        .single();
  }

  private URI uri(String path) {
    return URI.create("http://localhost:" + port + path);
  }

  private static HttpRequest.Builder authorized(HttpRequest.Builder request, String apiKey) {
    return apiKey == null ? request : request.header("Authorization", "Bearer " + apiKey);
  }

  private static TestStack.Response json(HttpRequest.Builder request) throws Exception {
    HttpResponse<String> response =
        HTTP.send(
            request.timeout(Duration.ofSeconds(120)).build(), HttpResponse.BodyHandlers.ofString());
    JsonNode json = response.body().isBlank() ? null : TestStack.JSON.readTree(response.body());
    return new TestStack.Response(response.statusCode(), json, response.headers().map());
  }
}
