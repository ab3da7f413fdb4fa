package io.cardgen.testsupport;

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
import java.util.function.IntFunction;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * An OpenAI-compatible chat endpoint on 127.0.0.1 for tests: answers each request with a scripted
 * reply (chosen by the request's sequence number, or by a {@link Responder} that reads the request)
 * and records what it received. Unscripted, it answers with a card that fits the request.
 */
public final class OpenAiStub implements AutoCloseable {

  public static final JsonMapper JSON = JsonMapper.builder().build();

  /** One HTTP answer. */
  public record Reply(int status, String body, Map<String, String> headers) {
    public Reply(int status, String body) {
      this(status, body, Map.of());
    }

    public Reply withHeader(String name, String value) {
      Map<String, String> more = new java.util.HashMap<>(headers);
      more.put(name, value);
      return new Reply(status, body, Map.copyOf(more));
    }
  }

  /** One request as received; {@code body} is null when it had none. */
  public record Received(
      String method, String path, Map<String, List<String>> headers, JsonNode body) {
    public String header(String name) {
      return HttpHeaders.first(headers, name);
    }
  }

  /** Answers the {@code n}-th request (0-based). */
  @FunctionalInterface
  public interface Responder {
    Reply answer(int n, Received request) throws IOException;
  }

  private final HttpServer server;
  private final ExecutorService executor = Executors.newCachedThreadPool();
  private final List<Received> received = new CopyOnWriteArrayList<>();
  private final CountDownLatch released = new CountDownLatch(1);
  private volatile Responder script = (n, request) -> completion(fittingCard(request), "stop");

  public OpenAiStub() throws IOException {
    server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
    server.createContext("/", this::handle);
    server.setExecutor(executor);
    server.start();
  }

  /** The OpenAI base URL ({@code .../v1}) to give a client. */
  public String baseUrl() {
    return "http://127.0.0.1:" + server.getAddress().getPort() + "/v1";
  }

  /**
   * Answers the n-th request (0-based) with {@code script.apply(n)}; where that is {@code null},
   * with a card that fits the request.
   */
  public OpenAiStub answering(IntFunction<Reply> script) {
    this.script =
        (n, request) -> {
          Reply reply = script.apply(n);
          return reply != null ? reply : completion(fittingCard(request), "stop");
        };
    return this;
  }

  /** Answers every request with what {@code responder} makes of it. */
  public OpenAiStub answering(Responder responder) {
    this.script = responder;
    return this;
  }

  public OpenAiStub always(Reply reply) {
    return answering(n -> reply);
  }

  /** Holds every request open until {@link #close}, so that the client times out. */
  public OpenAiStub hanging() {
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

  public List<Received> received() {
    return new ArrayList<>(received);
  }

  public Received only() {
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
      Reply reply = script.answer(n, received.get(n));
      byte[] bytes = reply.body().getBytes(StandardCharsets.UTF_8);
      reply.headers().forEach(exchange.getResponseHeaders()::add);
      exchange.getResponseHeaders().set("Content-Type", "application/json");
      exchange.sendResponseHeaders(reply.status(), bytes.length);
      try (OutputStream out = exchange.getResponseBody()) {
        out.write(bytes);
      }
    } catch (IOException clientGone) {
      // The client timed out and closed the connection: what a hanging reply is there for.
    }
  }

  @Override
  public void close() {
    released.countDown();
    server.stop(0);
    executor.shutdownNow();
  }

  public static String validCardJson() {
    return "{\"description\": \"" + "x".repeat(300) + "\"}";
  }

  /**
   * A card that passes validation for the request: as many characters as the prompt's target
   * length, every text in the script of the short description (Cyrillic when it has a Cyrillic
   * letter; the worker judges each block's language), and every block of the request's schema with
   * its exact item count.
   */
  public static String fittingCard(Received request) {
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
          items.add((russian ? "пункт " : name + " ") + i);
        }
      } else {
        card.put(name, russian ? "Текст блока" : "A " + name + " text");
      }
    }
    return card.toString();
  }

  /** A chat.completion whose single choice carries {@code content} (null for JSON null). */
  public static Reply completion(String content, String finishReason) {
    return message(content, null, finishReason);
  }

  public static Reply refusal(String refusal) {
    return message(null, refusal, "stop");
  }

  public static Reply error(int status, String message) {
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
