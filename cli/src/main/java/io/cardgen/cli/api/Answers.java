package io.cardgen.cli.api;

import java.io.IOException;
import java.io.InputStream;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/** Reads the service's answers: the JSON envelope of success and of failure. */
final class Answers {

  static final JsonMapper JSON = JsonMapper.builder().build();

  /** Error bodies are a few kilobytes; anything longer is not the service talking. */
  static final int MAX_ERROR_BODY = 1 << 20;

  /**
   * The largest answer read: a page of at most 100 batches, each with at most 16 metadata pairs of
   * 512 characters and a webhook URL, is a few MiB at the very most. A longer answer is not the
   * service's, and is refused before it fills the heap.
   */
  static final int MAX_ANSWER = 16 << 20;

  private Answers() {}

  /** The envelope's {@code data}, or an {@link ApiException} for any other answer. */
  static JsonNode data(HttpResponse<InputStream> response) throws IOException {
    if (response.statusCode() / 100 != 2) {
      throw failure(response);
    }
    byte[] bytes;
    try (InputStream body = response.body()) {
      bytes = body.readNBytes(MAX_ANSWER + 1);
    }
    if (bytes.length > MAX_ANSWER) {
      throw new ApiException(
          new ApiError(
              response.statusCode(),
              null,
              "the answer is longer than "
                  + (MAX_ANSWER >> 20)
                  + " MiB, far more than the batch API sends; is --base-url the cardgen public"
                  + " API?",
              List.of(),
              null));
    }
    try {
      JsonNode envelope = JSON.readTree(bytes);
      JsonNode data = envelope == null ? null : envelope.get("data");
      if (data == null || !data.isObject()) {
        throw new ApiException(
            new ApiError(response.statusCode(), null, "unexpected answer", List.of(), null));
      }
      return data;
    } catch (JacksonException e) {
      throw new ApiException(
          new ApiError(response.statusCode(), null, "answer is not JSON", List.of(), null));
    }
  }

  static ApiException failure(HttpResponse<InputStream> response) throws IOException {
    byte[] bytes;
    try (InputStream body = response.body()) {
      bytes = body.readNBytes(MAX_ERROR_BODY);
    }
    Duration retryAfter = retryAfter(response);
    try {
      JsonNode envelope = JSON.readTree(bytes);
      if (envelope != null && envelope.isObject()) {
        String message = text(envelope.get("message"));
        if (message == null) {
          message = text(envelope.get("error"));
        }
        return new ApiException(
            new ApiError(
                response.statusCode(),
                text(envelope.get("code")),
                message,
                itemErrors(envelope.path("errors")),
                retryAfter));
      }
    } catch (JacksonException notJson) {
      // a proxy's page or an empty body: only the status tells what happened
    }
    return new ApiException(new ApiError(response.statusCode(), null, null, List.of(), retryAfter));
  }

  static Duration retryAfter(HttpResponse<?> response) {
    return response
        .headers()
        .firstValue("Retry-After")
        .flatMap(Answers::seconds)
        .map(Duration::ofSeconds)
        .orElse(null);
  }

  private static java.util.Optional<Long> seconds(String value) {
    try {
      long seconds = Long.parseLong(value.trim());
      return seconds >= 0 ? java.util.Optional.of(seconds) : java.util.Optional.empty();
    } catch (NumberFormatException httpDate) {
      return java.util.Optional.empty();
    }
  }

  private static List<ApiError.ItemError> itemErrors(JsonNode errors) {
    List<ApiError.ItemError> items = new ArrayList<>();
    for (JsonNode error : errors) {
      items.add(
          new ApiError.ItemError(
              text(error.get("custom_id")),
              error.path("line").asLong(0),
              text(error.get("code")),
              text(error.get("message"))));
    }
    return items;
  }

  private static String text(JsonNode node) {
    return node != null && node.isString() ? node.asString() : null;
  }
}
