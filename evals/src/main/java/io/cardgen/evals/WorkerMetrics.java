package io.cardgen.evals;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The worker's own counters, read from its Prometheus scrape before and after the run. Only the
 * worker knows whether a card passed on the first answer, was repaired or which rules its first
 * answer broke, and what the tokens cost; the public API does not say. The difference of two
 * scrapes is exact for the run as a whole when nothing else uses the worker meanwhile (as with a
 * standalone started for the eval); it is not attributed to single cards.
 */
final class WorkerMetrics {

  static final String VALIDATION = "cardgen_generation_validation_total";
  static final String TOKENS = "cardgen_llm_tokens_total";
  static final String FIRST_VIOLATIONS = "cardgen_generation_first_violations_total";
  static final String LOCAL_FIXES = "cardgen_generation_local_fixes_total";
  static final String FIRST_PERCENT_BUCKET = "cardgen_generation_first_length_percent_bucket";

  /** Tokens per model and prompt version: the keys whose delta is positive name what ran. */
  static final String MODELS = TOKENS + ":by_model";

  private static final Pattern SAMPLE =
      Pattern.compile("^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\\{([^}]*)})?\\s+(\\S+)", Pattern.MULTILINE);
  private static final Pattern LABEL = Pattern.compile("(\\w+)=\"((?:[^\"\\\\]|\\\\.)*)\"");
  private static final Map<String, String> KEY_LABEL =
      Map.of(
          VALIDATION, "pass",
          TOKENS, "type",
          FIRST_VIOLATIONS, "rule",
          LOCAL_FIXES, "fix",
          FIRST_PERCENT_BUCKET, "le");

  private final HttpClient http =
      HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10)).build();
  private final URI url;

  WorkerMetrics(URI url) {
    this.url = url;
  }

  /** Sums per metric and key label ({@code pass}, {@code type}, …), over every other label. */
  Map<String, Double> scrape() throws IOException, InterruptedException {
    HttpRequest request = HttpRequest.newBuilder(url).timeout(Duration.ofSeconds(30)).GET().build();
    HttpResponse<String> response = http.send(request, HttpResponse.BodyHandlers.ofString());
    if (response.statusCode() != 200) {
      throw new IOException("metrics answered HTTP " + response.statusCode());
    }
    return parse(response.body());
  }

  static Map<String, Double> parse(String text) {
    Map<String, Double> sums = new HashMap<>();
    Matcher sample = SAMPLE.matcher(text);
    while (sample.find()) {
      String label = KEY_LABEL.get(sample.group(1));
      if (label == null) {
        continue;
      }
      Map<String, String> labels = labels(sample.group(2) == null ? "" : sample.group(2));
      double value = Double.parseDouble(sample.group(3));
      sums.merge(sample.group(1) + "/" + labels.get(label), value, Double::sum);
      if (sample.group(1).equals(TOKENS) && labels.containsKey("model")) {
        String model =
            labels.get("model") + " (prompt " + labels.getOrDefault("prompt_version", "?") + ")";
        sums.merge(MODELS + "/" + model, value, Double::sum);
      }
    }
    return sums;
  }

  /** After minus before, per key; a counter absent before started at zero. */
  static Map<String, Double> delta(Map<String, Double> before, Map<String, Double> after) {
    Map<String, Double> delta = new HashMap<>();
    after.forEach((key, value) -> delta.put(key, value - before.getOrDefault(key, 0.0)));
    return delta;
  }

  private static Map<String, String> labels(String text) {
    Map<String, String> labels = new HashMap<>();
    Matcher label = LABEL.matcher(text);
    while (label.find()) {
      labels.put(label.group(1), label.group(2));
    }
    return labels;
  }
}
