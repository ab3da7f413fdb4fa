package io.cardgen.standalone.simulator;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpHandler;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.time.Duration;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;

/** The HTTP side: routes, parses the body, and sends the model's answer once its delay is up. */
final class ChatCompletionsEndpoint implements HttpHandler {

  private static final String PATH = "/v1/chat/completions";
  private static final String RATE_LIMITED = "Rate limit reached for requests";

  private final SimulatedModel model;
  private final Duration latency;
  private final Executor workers;
  private final ScheduledExecutorService timer;
  private final RequestWindow rateLimit;
  private final boolean takesJsonSchema;

  ChatCompletionsEndpoint(
      SimulatedModel model,
      Duration latency,
      Executor workers,
      ScheduledExecutorService timer,
      RequestWindow rateLimit,
      boolean takesJsonSchema) {
    this.model = model;
    this.latency = latency;
    this.workers = workers;
    this.timer = timer;
    this.rateLimit = rateLimit;
    this.takesJsonSchema = takesJsonSchema;
  }

  @Override
  public void handle(HttpExchange exchange) throws IOException {
    try {
      byte[] body = readFully(exchange);
      if (!"POST".equals(exchange.getRequestMethod())
          || !PATH.equals(exchange.getRequestURI().getPath())) {
        send(exchange, Answer.now(404, CompletionBodies.error("Unknown endpoint", "not_found")));
        return;
      }
      RequestWindow.Verdict verdict = rateLimit.admit();
      verdict.headers().forEach(exchange.getResponseHeaders()::set);
      if (!verdict.allowed()) {
        send(exchange, Answer.now(429, CompletionBodies.error(RATE_LIMITED, "requests")));
        return;
      }
      Answer answer = answer(body);
      sendAfter(exchange, answer, answer.delay().after(latency));
    } catch (RuntimeException e) {
      // A bug in the simulator must still answer, or the client waits for its timeout.
      send(exchange, Answer.now(500, CompletionBodies.error(e.toString(), "server_error")));
    }
  }

  private Answer answer(byte[] body) {
    JsonNode root;
    try {
      root = Json.MAPPER.readTree(body);
    } catch (JacksonException e) {
      return invalidRequest("Request body is not valid JSON: " + e.getOriginalMessage());
    }
    try {
      return model.answer(ChatRequest.read(root, takesJsonSchema));
    } catch (InvalidChatRequest e) {
      return invalidRequest(e.getMessage());
    }
  }

  private static Answer invalidRequest(String message) {
    return Answer.now(400, CompletionBodies.error(message, "invalid_request_error"));
  }

  private void sendAfter(HttpExchange exchange, Answer answer, Duration delay) throws IOException {
    if (delay.isZero() || delay.isNegative()) {
      send(exchange, answer);
      return;
    }
    try {
      // The timer only hands over: a client slow to read must not hold up everyone else's answer.
      timer.schedule(
          () -> workers.execute(() -> sendQuietly(exchange, answer)),
          delay.toNanos(),
          TimeUnit.NANOSECONDS);
    } catch (RejectedExecutionException closing) {
      exchange.close();
    }
  }

  private static void sendQuietly(HttpExchange exchange, Answer answer) {
    try {
      send(exchange, answer);
    } catch (IOException clientGone) {
      exchange.close();
    }
  }

  private static void send(HttpExchange exchange, Answer answer) throws IOException {
    byte[] bytes = Json.MAPPER.writeValueAsBytes(answer.body());
    answer.headers().forEach(exchange.getResponseHeaders()::set);
    exchange.getResponseHeaders().set("Content-Type", "application/json");
    exchange.sendResponseHeaders(answer.status(), bytes.length);
    try (OutputStream out = exchange.getResponseBody()) {
      out.write(bytes);
    }
  }

  private static byte[] readFully(HttpExchange exchange) throws IOException {
    try (InputStream in = exchange.getRequestBody()) {
      return in.readAllBytes();
    }
  }
}
