package io.cardgen.cli;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * A small in-test stand-in for the batch API of batch-api.md on a free port: one account, canned
 * but spec-shaped answers, idempotent creation, and items that finish a few per poll so a watcher
 * sees progress. An item whose short description contains {@code [sim:fail]} fails.
 */
final class FakeBatchApi implements AutoCloseable {

  static final String KEY = "sk-test-key";
  private static final JsonMapper JSON = JsonMapper.builder().build();

  private final HttpServer server;
  private final Map<String, FakeBatch> batches = new LinkedHashMap<>();
  private final Map<String, String> byKey = new HashMap<>();
  private final Deque<Integer> scriptedStatuses = new ArrayDeque<>();
  final AtomicInteger creations = new AtomicInteger();
  final List<String> contentTypes = new ArrayList<>();
  final List<String> queries = new ArrayList<>();
  volatile long credits = 1_000;
  volatile int itemsPerPoll = 3;

  /** The message of a failed item's error. */
  volatile String failureMessage = FakeBatch.FAILURE;

  /** When positive, a results stream breaks after this many lines (once). */
  volatile int breakResultsAfter;

  FakeBatchApi() throws IOException {
    server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
    server.createContext("/api/batches", this::handle);
    server.start();
  }

  String baseUrl() {
    return "http://127.0.0.1:" + server.getAddress().getPort();
  }

  /** The next answers to any request, before the real handling (e.g. 503, 429). */
  void answerNext(int... statuses) {
    for (int status : statuses) {
      scriptedStatuses.add(status);
    }
  }

  FakeBatch batch(String id) {
    return batches.get(id);
  }

  /** Closes the exchange only when the handling went through: a failure drops the connection. */
  private synchronized void handle(HttpExchange exchange) throws IOException {
    answer(exchange);
    exchange.close();
  }

  private void answer(HttpExchange exchange) throws IOException {
    if (!("Bearer " + KEY).equals(exchange.getRequestHeaders().getFirst("Authorization"))) {
      error(exchange, 401, "unauthorized", "Неверный ключ API.", null);
      return;
    }
    Integer scripted = scriptedStatuses.poll();
    if (scripted != null) {
      exchange.getResponseHeaders().add("Retry-After", "7");
      error(
          exchange,
          scripted,
          scripted == 429 ? "rate_limited" : "generation_unavailable",
          "Повторите позже.",
          null);
      return;
    }
    route(exchange);
  }

  private void route(HttpExchange exchange) throws IOException {
    String method = exchange.getRequestMethod();
    String[] path = exchange.getRequestURI().getPath().split("/");
    Map<String, String> query = query(exchange.getRequestURI().getRawQuery());
    queries.add(
        exchange.getRequestURI().getRawQuery() == null
            ? ""
            : exchange.getRequestURI().getRawQuery());
    if (path.length == 3 && method.equals("POST")) {
      create(exchange, query);
    } else if (path.length == 3 && method.equals("GET")) {
      list(exchange, query);
    } else if (path.length >= 4 && !batches.containsKey(path[3])) {
      error(exchange, 404, "not_found", "Пакет не найден.", null);
    } else if (path.length == 4 && method.equals("GET")) {
      FakeBatch batch = batches.get(path[3]);
      batch.advance(itemsPerPoll, failureMessage);
      envelope(exchange, 200, batch.json());
    } else if (path.length == 5 && path[4].equals("cancel") && method.equals("POST")) {
      FakeBatch batch = batches.get(path[3]);
      batch.cancel();
      envelope(exchange, 200, batch.json());
    } else if (path.length == 5 && path[4].equals("results") && method.equals("GET")) {
      results(exchange, batches.get(path[3]), query);
    } else {
      error(exchange, 404, "not_found", "Не найдено.", null);
    }
  }

  private void create(HttpExchange exchange, Map<String, String> query) throws IOException {
    String contentType = exchange.getRequestHeaders().getFirst("Content-Type");
    contentTypes.add(contentType);
    String body = new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8);
    List<JsonNode> items = new ArrayList<>();
    Map<String, String> metadata = new LinkedHashMap<>();
    String webhook = query.get("webhook_url");
    if (contentType.startsWith("application/x-ndjson")) {
      for (String line : body.split("\n")) {
        if (!line.isBlank()) {
          items.add(JSON.readTree(line));
        }
      }
    } else {
      JsonNode json = JSON.readTree(body);
      json.path("items").forEach(items::add);
      json.path("metadata")
          .properties()
          .forEach(e -> metadata.put(e.getKey(), e.getValue().asString()));
      webhook = json.path("webhook_url").asString(null);
    }
    ArrayNode errors = JSON.createArrayNode();
    for (int i = 0; i < items.size(); i++) {
      JsonNode request = items.get(i).path("request");
      if (!request.path("short_description").isString()) {
        errors
            .addObject()
            .put("custom_id", items.get(i).path("custom_id").asString())
            .put("line", i + 1)
            .put("code", "invalid_parameters")
            .put("message", "Поле «short_description» обязательно.");
      }
    }
    if (!errors.isEmpty()) {
      error(exchange, 422, "invalid_parameters", "Пакет содержит некорректные элементы.", errors);
      return;
    }
    String key = exchange.getRequestHeaders().getFirst("Idempotency-Key");
    String fingerprint = body + "|" + webhook;
    String existing = key == null ? null : byKey.get(key);
    if (existing != null) {
      FakeBatch earlier = batches.get(existing);
      if (!earlier.fingerprint.equals(fingerprint)) {
        error(exchange, 409, "idempotency_conflict", "Ключ идемпотентности уже использован.", null);
        return;
      }
      envelope(exchange, 202, earlier.json());
      return;
    }
    if (items.size() > credits) {
      error(exchange, 403, "insufficient_credits", "Недостаточно кредитов.", null);
      return;
    }
    credits -= items.size();
    creations.incrementAndGet();
    FakeBatch batch =
        new FakeBatch("bat_" + (batches.size() + 1), items, metadata, webhook, fingerprint);
    batches.put(batch.id, batch);
    if (key != null) {
      byKey.put(key, batch.id);
    }
    envelope(exchange, 202, batch.json());
  }

  private void list(HttpExchange exchange, Map<String, String> query) throws IOException {
    int limit = Integer.parseInt(query.getOrDefault("limit", "20"));
    List<FakeBatch> newestFirst = new ArrayList<>(batches.values());
    java.util.Collections.reverse(newestFirst);
    ObjectNode data = JSON.createObjectNode();
    ArrayNode items = data.putArray("items");
    newestFirst.stream().limit(limit).forEach(batch -> items.add(batch.json()));
    data.put("next", newestFirst.size() > limit ? "cursor-" + limit : null);
    envelope(exchange, 200, data);
  }

  private void results(HttpExchange exchange, FakeBatch batch, Map<String, String> query)
      throws IOException {
    long after = Long.parseLong(query.getOrDefault("after", "0"));
    String status = query.get("status");
    exchange.getResponseHeaders().add("Content-Type", "application/x-ndjson");
    exchange.sendResponseHeaders(200, 0);
    OutputStream out = exchange.getResponseBody();
    int sent = 0;
    for (ObjectNode line : batch.finished) {
      if (line.path("seq").asLong() <= after
          || (status != null && !status.equals(line.path("status").asString()))) {
        continue;
      }
      out.write((JSON.writeValueAsString(line) + "\n").getBytes(StandardCharsets.UTF_8));
      if (++sent == breakResultsAfter) {
        breakResultsAfter = 0;
        out.flush();
        // Leaving without the closing chunk: the client sees the connection break mid-stream.
        throw new IOException("stream broken on purpose");
      }
    }
    out.close();
  }

  private static void envelope(HttpExchange exchange, int status, JsonNode data)
      throws IOException {
    ObjectNode envelope = JSON.createObjectNode().put("success", true).putNull("error");
    envelope.set("data", data);
    send(exchange, status, envelope);
  }

  private static void error(
      HttpExchange exchange, int status, String code, String message, ArrayNode errors)
      throws IOException {
    ObjectNode envelope =
        JSON.createObjectNode()
            .put("success", false)
            .put("error", message)
            .put("code", code)
            .put("message", message);
    if (errors != null) {
      envelope.set("errors", errors);
    }
    send(exchange, status, envelope);
  }

  private static void send(HttpExchange exchange, int status, JsonNode body) throws IOException {
    byte[] bytes = JSON.writeValueAsBytes(body);
    exchange.getResponseHeaders().add("Content-Type", "application/json");
    exchange.sendResponseHeaders(status, bytes.length);
    exchange.getResponseBody().write(bytes);
  }

  private static Map<String, String> query(String raw) {
    Map<String, String> query = new HashMap<>();
    if (raw != null) {
      for (String pair : raw.split("&")) {
        String[] parts = pair.split("=", 2);
        query.put(
            URLDecoder.decode(parts[0], StandardCharsets.UTF_8),
            parts.length > 1 ? URLDecoder.decode(parts[1], StandardCharsets.UTF_8) : "");
      }
    }
    return query;
  }

  @Override
  public void close() {
    server.stop(0);
  }

  /** One batch: items finish in order, a few per poll. */
  static final class FakeBatch {
    final String id;
    final List<JsonNode> items;
    final Map<String, String> metadata;
    final String webhook;
    final String fingerprint;
    final List<ObjectNode> finished = new ArrayList<>();
    String status = "in_progress";
    private long succeeded;
    private long failed;
    private long cancelled;

    FakeBatch(
        String id,
        List<JsonNode> items,
        Map<String, String> metadata,
        String webhook,
        String fingerprint) {
      this.id = id;
      this.items = items;
      this.metadata = metadata;
      this.webhook = webhook;
      this.fingerprint = fingerprint;
    }

    static final String FAILURE = "Сбой генерации.";

    void advance(int count) {
      advance(count, FAILURE);
    }

    void advance(int count, String failureMessage) {
      for (int i = 0;
          i < count && finished.size() < items.size() && status.equals("in_progress");
          i++) {
        JsonNode item = items.get(finished.size());
        boolean fails =
            item.path("request").path("short_description").asString().contains("[sim:fail]");
        ObjectNode line = JSON.createObjectNode().put("seq", finished.size() + 1);
        line.put("custom_id", item.path("custom_id").asString());
        line.put("status", fails ? "failed" : "succeeded");
        if (fails) {
          line.putNull("card");
          line.putObject("error").put("code", "generation_failed").put("message", failureMessage);
          failed++;
        } else {
          ObjectNode card = line.putObject("card");
          card.put("uid", "card-" + (finished.size() + 1));
          card.put("created_at", "2026-11-22T10:00:00.123456Z");
          card.put("style", "standard");
          card.put("style_name", "Стандартный");
          card.put("description", "Описание, с запятой и \"кавычками\"\nи второй строкой");
          card.put("description_length", 48);
          card.putArray("features").add("Прочный").add("Лёгкий");
          card.put("audience", "Для дома");
          card.putArray("headers");
          card.putArray("slogans");
          card.putArray("images").add("products/x/1.png");
          line.putNull("error");
          succeeded++;
        }
        finished.add(line);
      }
      if (finished.size() == items.size() && status.equals("in_progress")) {
        status = "completed";
      }
    }

    void cancel() {
      if (!status.equals("in_progress")) {
        return;
      }
      while (finished.size() < items.size()) {
        ObjectNode line = JSON.createObjectNode().put("seq", finished.size() + 1);
        line.put("custom_id", items.get(finished.size()).path("custom_id").asString());
        line.put("status", "cancelled").putNull("card").putNull("error");
        finished.add(line);
        cancelled++;
      }
      status = "cancelled";
    }

    ObjectNode json() {
      ObjectNode batch = JSON.createObjectNode().put("id", id).put("status", status);
      batch.put("created_at", "2026-11-22T10:00:00.123456Z");
      if (status.equals("in_progress")) {
        batch.putNull("completed_at");
      } else {
        batch.put("completed_at", "2026-11-22T10:01:05.000000Z");
      }
      ObjectNode counts = batch.putObject("counts");
      counts.put("total", items.size());
      counts.put("queued", items.size() - finished.size());
      counts.put("running", 0);
      counts.put("succeeded", succeeded);
      counts.put("failed", failed);
      counts.put("cancelled", cancelled);
      ObjectNode meta = batch.putObject("metadata");
      metadata.forEach(meta::put);
      batch.put("webhook_url", webhook);
      return batch;
    }
  }
}
