package io.cardgen.worker.llm;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.function.BiFunction;
import java.util.function.IntFunction;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * An OpenAI-compatible chat endpoint on 127.0.0.1 for tests: answers each request with a scripted
 * reply (chosen by the request's sequence number) and records what it received.
 */
final class StubOpenAi implements AutoCloseable {

  static final JsonMapper JSON = JsonMapper.builder().build();

  record Reply(int status, String body, Map<String, String> headers) {
    Reply(int status, String body) {
      this(status, body, Map.of());
    }

    Reply withHeader(String name, String value) {
      Map<String, String> more = new java.util.HashMap<>(headers);
      more.put(name, value);
      return new Reply(status, body, Map.copyOf(more));
    }
  }

  record Received(String method, String path, Map<String, List<String>> headers, JsonNode body) {
    String header(String name) {
      return headers.entrySet().stream()
          .filter(entry -> entry.getKey().equalsIgnoreCase(name))
          .map(entry -> entry.getValue().get(0))
          .findFirst()
          .orElse(null);
    }
  }

  private final HttpServer server;
  private final ExecutorService executor = Executors.newCachedThreadPool();
  private final List<Received> received = new CopyOnWriteArrayList<>();
  private final CountDownLatch released = new CountDownLatch(1);
  private volatile BiFunction<Integer, Received, Reply> script =
      (n, request) -> completion(fittingCard(request), "stop");

  StubOpenAi() throws IOException {
    server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
    server.createContext("/", this::handle);
    server.setExecutor(executor);
    server.start();
  }

  String baseUrl() {
    return "http://127.0.0.1:" + server.getAddress().getPort() + "/v1";
  }

  /**
   * Answers the n-th request (0-based) with {@code script.apply(n)}; where that is {@code null},
   * with a card that fits the request.
   */
  StubOpenAi answering(IntFunction<Reply> script) {
    this.script =
        (n, request) -> {
          Reply reply = script.apply(n);
          return reply != null ? reply : completion(fittingCard(request), "stop");
        };
    return this;
  }

  StubOpenAi always(Reply reply) {
    return answering(n -> reply);
  }

  /** Holds every request open until {@link #close}, so that the client times out. */
  StubOpenAi hanging() {
    return answering(
        n -> {
          try {
            released.await();
          } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
          }
          return completion(validCardJson(), "stop");
        });
  }

  List<Received> received() {
    return new ArrayList<>(received);
  }

  Received only() {
    if (received.size() != 1) {
      throw new AssertionError("expected one request, got " + received.size());
    }
    return received.get(0);
  }

  private void handle(HttpExchange exchange) throws IOException {
    try (exchange) {
      byte[] requestBody = exchange.getRequestBody().readAllBytes();
      JsonNode body = requestBody.length == 0 ? null : JSON.readTree(requestBody);
      int n;
      synchronized (received) {
        n = received.size();
        received.add(
            new Received(
                exchange.getRequestMethod(),
                exchange.getRequestURI().getPath(),
                Map.copyOf(exchange.getRequestHeaders()),
                body));
      }
      Reply reply = script.apply(n, received.get(n));
      byte[] bytes = reply.body().getBytes(StandardCharsets.UTF_8);
      exchange.getResponseHeaders().add("Content-Type", "application/json");
      reply.headers().forEach(exchange.getResponseHeaders()::add);
      exchange.sendResponseHeaders(reply.status(), bytes.length);
      try (OutputStream out = exchange.getResponseBody()) {
        out.write(bytes);
      }
    }
  }

  @Override
  public void close() {
    released.countDown();
    server.stop(0);
    executor.shutdownNow();
  }

  static String validCardJson() {
    return "{\"description\": \"" + "x".repeat(300) + "\"}";
  }

  /**
   * A card that passes validation for the request: as many characters as the prompt's target
   * length, in the script of the short description (Cyrillic when it has a Cyrillic letter), and
   * every block of the request's schema with its exact item count.
   */
  static String fittingCard(Received request) {
    JsonNode user = request.body().get("messages").get(1).get("content").get(0);
    String prompt = user.get("text").stringValue();
    int length =
        prompt
            .lines()
            .filter(line -> line.startsWith("Target description length: "))
            .map(line -> line.replaceAll("\\D", ""))
            .mapToInt(Integer::parseInt)
            .findFirst()
            .orElseThrow();
    boolean russian =
        prompt
            .lines()
            .filter(line -> line.startsWith("Short description: "))
            .anyMatch(line -> line.matches(".*\\p{IsCyrillic}.*"));
    JsonNode properties =
        request.body().get("response_format").get("json_schema").get("schema").get("properties");
    ObjectNode card = JSON.createObjectNode();
    for (String name : properties.propertyNames()) {
      JsonNode property = properties.get(name);
      if (name.equals("description")) {
        card.put(name, (russian ? "д" : "x").repeat(length));
      } else if (property.get("type").stringValue().equals("array")) {
        ArrayNode items = card.putArray(name);
        for (int i = 1; i <= property.get("maxItems").intValue(); i++) {
          items.add(name + " " + i);
        }
      } else {
        card.put(name, "A " + name + " text");
      }
    }
    return card.toString();
  }

  /** A chat.completion whose single choice carries {@code content} (null for JSON null). */
  static Reply completion(String content, String finishReason) {
    return message(content, null, finishReason);
  }

  static Reply refusal(String refusal) {
    return message(null, refusal, "stop");
  }

  static Reply error(int status, String message) {
    ObjectNode body = JSON.createObjectNode();
    body.putObject("error").put("message", message).put("type", "server_error");
    return new Reply(status, body.toString());
  }

  /** The shape of a real OpenAI chat.completion (2025), usage details and fingerprint included. */
  private static Reply message(String content, String refusal, String finishReason) {
    ObjectNode body = JSON.createObjectNode();
    body.put("id", "chatcmpl-test").put("object", "chat.completion").put("created", 1_700_000_000);
    body.put("model", "gpt-test");
    ObjectNode choice = body.putArray("choices").addObject();
    choice.put("index", 0);
    ObjectNode message = choice.putObject("message").put("role", "assistant");
    message.put("content", content);
    message.put("refusal", refusal);
    message.putArray("annotations");
    choice.putNull("logprobs");
    choice.put("finish_reason", finishReason);
    ObjectNode usage =
        body.putObject("usage")
            .put("prompt_tokens", 1234)
            .put("completion_tokens", 321)
            .put("total_tokens", 1555);
    usage.putObject("prompt_tokens_details").put("cached_tokens", 0).put("audio_tokens", 0);
    usage
        .putObject("completion_tokens_details")
        .put("reasoning_tokens", 0)
        .put("audio_tokens", 0)
        .put("accepted_prediction_tokens", 0)
        .put("rejected_prediction_tokens", 0);
    body.put("service_tier", "default").put("system_fingerprint", "fp_test");
    return new Reply(200, body.toString());
  }
}
