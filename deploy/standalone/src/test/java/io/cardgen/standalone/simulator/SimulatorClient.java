package io.cardgen.standalone.simulator;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpHeaders;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.concurrent.CompletableFuture;
import tools.jackson.databind.JsonNode;

/** Calls a running simulator over real HTTP, the way any OpenAI client would. */
final class SimulatorClient {

  private final HttpClient http =
      HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
  private final URI baseUrl;

  SimulatorClient(LlmSimulator simulator) {
    this.baseUrl = simulator.baseUrl();
  }

  Response complete(CardRequestBuilder request) {
    return post("/chat/completions", request.json());
  }

  CompletableFuture<Response> completeAsync(CardRequestBuilder request) {
    return http.sendAsync(postRequest("/chat/completions", request.json()), ofString())
        .thenApply(Response::of);
  }

  Response post(String path, String body) {
    return send(postRequest(path, body));
  }

  Response get(String path) {
    return send(HttpRequest.newBuilder(URI.create(baseUrl + path)).GET().build());
  }

  private HttpRequest postRequest(String path, String body) {
    return HttpRequest.newBuilder(URI.create(baseUrl + path))
        .header("Content-Type", "application/json")
        .header("Authorization", "Bearer simulator")
        .POST(HttpRequest.BodyPublishers.ofString(body))
        .build();
  }

  private Response send(HttpRequest request) {
    try {
      return Response.of(http.send(request, ofString()));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    }
  }

  private static HttpResponse.BodyHandler<String> ofString() {
    return HttpResponse.BodyHandlers.ofString();
  }

  record Response(int status, JsonNode body, HttpHeaders headers) {

    static Response of(HttpResponse<String> response) {
      return new Response(
          response.statusCode(), Json.MAPPER.readTree(response.body()), response.headers());
    }

    JsonNode message() {
      return body.path("choices").path(0).path("message");
    }

    String content() {
      return message().path("content").stringValue();
    }

    String finishReason() {
      return body.path("choices").path(0).path("finish_reason").stringValue();
    }

    /** The card the model wrote, parsed from the message content. */
    JsonNode card() {
      return Json.MAPPER.readTree(content());
    }
  }
}
