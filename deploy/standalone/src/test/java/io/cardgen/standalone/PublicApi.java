package io.cardgen.standalone;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;

/**
 * A client of {@code POST /api/text/product} on one gateway that sends exactly the headers and
 * bytes a test gives it, nothing implied.
 */
final class PublicApi {

  private final HttpClient http =
      HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
  private final int port;

  PublicApi(int port) {
    this.port = port;
  }

  static PublicApi of(TestStack stack) {
    return new PublicApi(stack.publicPort);
  }

  /** Posts with {@code Authorization: Bearer <apiKey>} (none when null) and the given headers. */
  TestStack.Response post(String apiKey, Map<String, String> headers, String body)
      throws Exception {
    Map<String, String> all = new LinkedHashMap<>();
    all.put("Content-Type", "application/json");
    if (apiKey != null) {
      all.put("Authorization", "Bearer " + apiKey);
    }
    all.putAll(headers);
    return send("POST", "/api/text/product", all, HttpRequest.BodyPublishers.ofString(body));
  }

  TestStack.Response post(String apiKey, String body) throws Exception {
    return post(apiKey, Map.of(), body);
  }

  TestStack.Response get(String path) throws Exception {
    return send("GET", path, Map.of(), HttpRequest.BodyPublishers.noBody());
  }

  TestStack.Response send(
      String method, String path, Map<String, String> headers, HttpRequest.BodyPublisher body)
      throws Exception {
    HttpRequest.Builder request =
        HttpRequest.newBuilder(URI.create("http://localhost:" + port + path))
            .timeout(Duration.ofSeconds(60))
            .method(method, body);
    headers.forEach(request::header);
    HttpResponse<String> response =
        http.send(request.build(), HttpResponse.BodyHandlers.ofString());
    return new TestStack.Response(
        response.statusCode(), json(response.body()), response.headers().map());
  }

  /** The body as JSON; null when there is none or it is not JSON (which tests then reject). */
  private static JsonNode json(String body) {
    try {
      return body.isBlank() ? null : TestStack.JSON.readTree(body);
    } catch (JacksonException notJson) {
      return null;
    }
  }
}
