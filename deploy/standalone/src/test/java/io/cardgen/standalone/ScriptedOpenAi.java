package io.cardgen.standalone;

import io.cardgen.standalone.simulator.LlmSimulator;
import io.cardgen.testsupport.OpenAiStub;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ThreadLocalRandom;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import tools.jackson.databind.JsonNode;

/**
 * The LLM provider as the worker sees it in integration tests: an OpenAI-compatible endpoint that
 * plays a script per case and records every request. A case is named by a marker such as {@code
 * [case:qhzkwmrd]} that the test puts into the short description; each request of that case gets
 * the next step of its script (the last step repeats): a recorded response from {@code
 * src/test/resources/openai/<name>.json}, {@link #SIMULATOR} to let the LLM simulator write the
 * answer, or {@link #HANG} to answer only after the worker has given up. Requests without a marker
 * go to the simulator.
 */
final class ScriptedOpenAi implements AutoCloseable {

  static final String SIMULATOR = "simulator";
  static final String HANG = "hang";

  private static final List<String> FORWARDED_HEADERS =
      List.of(
          "Retry-After",
          "retry-after-ms",
          "x-ratelimit-limit-requests",
          "x-ratelimit-remaining-requests",
          "x-ratelimit-reset-requests");

  private static final Pattern MARKER = Pattern.compile("\\[case:([a-z]+)]");

  private final OpenAiStub stub;
  private final LlmSimulator simulator = LlmSimulator.start("127.0.0.1", 0, Duration.ZERO);
  private final HttpClient http = HttpClient.newHttpClient();
  private final Duration hang;
  private final Map<String, List<String>> scripts = new ConcurrentHashMap<>();
  private final Map<String, List<Call>> calls = new ConcurrentHashMap<>();

  /** One request of a case, when it arrived and, once sent, the body of its answer. */
  private static final class Call {
    final JsonNode request;
    final long receivedNanos = System.nanoTime();
    volatile JsonNode answer;

    Call(JsonNode request) {
      this.request = request;
    }
  }

  /**
   * @param hang how long a {@link #HANG} step holds its answer; longer than the worker's attempt
   *     timeout
   */
  ScriptedOpenAi(Duration hang) {
    this.hang = hang;
    try {
      stub = new OpenAiStub().answering((n, request) -> answer(request.body()));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  String baseUrl() {
    return stub.baseUrl();
  }

  /** Starts a case; put the returned marker into the short description of its request. */
  String script(String... steps) {
    StringBuilder id = new StringBuilder();
    for (int i = 0; i < 10; i++) {
      id.append((char) ('a' + ThreadLocalRandom.current().nextInt(26)));
    }
    scripts.put(id.toString(), List.of(steps));
    calls.put(id.toString(), new ArrayList<>());
    return "[case:" + id + "]";
  }

  /** The request bodies received for a case, in order. */
  List<JsonNode> received(String marker) {
    return calls(marker).stream().map(call -> call.request).toList();
  }

  /** The bodies of the answers sent for a case, in order; a timed-out call has none. */
  List<JsonNode> answered(String marker) {
    return calls(marker).stream()
        .map(call -> call.answer)
        .filter(java.util.Objects::nonNull)
        .toList();
  }

  /** How long after the previous request of a case each later one arrived, in order. */
  List<Duration> gapsBetweenCalls(String marker) {
    List<Call> list = calls(marker);
    List<Duration> gaps = new ArrayList<>();
    for (int i = 1; i < list.size(); i++) {
      gaps.add(Duration.ofNanos(list.get(i).receivedNanos - list.get(i - 1).receivedNanos));
    }
    return gaps;
  }

  private List<Call> calls(String marker) {
    List<Call> list = calls.get(idOf(marker));
    synchronized (list) {
      return List.copyOf(list);
    }
  }

  private OpenAiStub.Reply answer(JsonNode request) throws IOException {
    String id = idOf(firstUserText(request));
    Call call = new Call(request);
    String step = scripts.containsKey(String.valueOf(id)) ? nextStep(id, call) : SIMULATOR;
    boolean hung = step.equals(HANG);
    if (hung) {
      pause();
      step = SIMULATOR;
    }
    OpenAiStub.Reply answer = step.equals(SIMULATOR) ? forward(request) : Recorded.load(step);
    if (!hung) {
      call.answer = TestStack.JSON.readTree(answer.body());
    }
    return answer;
  }

  private String nextStep(String id, Call call) {
    List<Call> list = calls.get(id);
    List<String> script = scripts.get(id);
    synchronized (list) {
      list.add(call);
      return script.get(Math.min(list.size(), script.size()) - 1);
    }
  }

  /** A provider that does not answer in time; the worker's attempt timeout is what is tested. */
  private void pause() {
    try {
      Thread.sleep(hang.toMillis());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  private OpenAiStub.Reply forward(JsonNode body) throws IOException {
    HttpRequest request =
        HttpRequest.newBuilder(URI.create(simulator.baseUrl() + "/chat/completions"))
            .header("Content-Type", "application/json")
            .POST(HttpRequest.BodyPublishers.ofString(body.toString()))
            .build();
    try {
      HttpResponse<String> response = http.send(request, HttpResponse.BodyHandlers.ofString());
      // The headers that tell a client when to come back travel on, as from a real provider.
      Map<String, String> headers = new java.util.LinkedHashMap<>();
      for (String name : FORWARDED_HEADERS) {
        response.headers().firstValue(name).ifPresent(value -> headers.put(name, value));
      }
      return new OpenAiStub.Reply(response.statusCode(), response.body(), Map.copyOf(headers));
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IOException(e);
    }
  }

  /** The text of the first user message: the card prompt. */
  static String firstUserText(JsonNode request) {
    return userTexts(request).stream().findFirst().orElse("");
  }

  /** The text of the last user message: in a repair round, what the model is told to fix. */
  static String lastUserText(JsonNode request) {
    List<String> texts = userTexts(request);
    return texts.isEmpty() ? "" : texts.get(texts.size() - 1);
  }

  private static List<String> userTexts(JsonNode request) {
    List<String> texts = new ArrayList<>();
    for (JsonNode message : request.path("messages").values()) {
      if (message.path("role").asString("").equals("user")) {
        JsonNode content = message.path("content");
        texts.add(
            content.isString() ? content.stringValue() : content.path(0).path("text").asString(""));
      }
    }
    return texts;
  }

  private static String idOf(String text) {
    Matcher marker = MARKER.matcher(text);
    return marker.find() ? marker.group(1) : null;
  }

  @Override
  public void close() {
    stub.close();
    simulator.close();
  }

  /** Recorded HTTP responses of a real provider, from {@code src/test/resources/openai}. */
  private static final class Recorded {

    static OpenAiStub.Reply load(String name) {
      String path = "openai/" + name + ".json";
      try (InputStream in = ScriptedOpenAi.class.getClassLoader().getResourceAsStream(path)) {
        if (in == null) {
          throw new IllegalArgumentException("No recorded response " + path);
        }
        JsonNode recorded = TestStack.JSON.readTree(in);
        Map<String, String> headers = new java.util.LinkedHashMap<>();
        recorded
            .path("headers")
            .properties()
            .forEach(h -> headers.put(h.getKey(), h.getValue().asString()));
        return new OpenAiStub.Reply(
            recorded.get("status").asInt(), recorded.get("body").toString(), Map.copyOf(headers));
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }
  }
}
