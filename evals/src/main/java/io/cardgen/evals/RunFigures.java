package io.cardgen.evals;

import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import java.util.function.Function;
import java.util.stream.Collectors;
import tools.jackson.databind.node.ObjectNode;

/**
 * The figures of one run, as the {@code report.json} object: per-card scores summed up, and where
 * the worker's metrics were read, what only the worker knows (first pass, repairs, tokens).
 */
final class RunFigures {

  static final double MIN_RATIO = 0.80;
  static final double MAX_RATIO = 1.15;

  private RunFigures() {}

  /**
   * @param worker the delta of the worker's counters over the run; empty when not measured
   */
  static ObjectNode of(
      List<CardScore> scores, Map<String, Double> worker, double priceIn, double priceOut) {
    ObjectNode json = Json.MAPPER.createObjectNode();
    List<CardScore> delivered = scores.stream().filter(CardScore::succeeded).toList();
    int cards = scores.size();
    json.put("cards", cards);
    json.put("succeeded", delivered.size());
    validation(json, worker, cards - delivered.size(), cards);
    List<Double> ratios = delivered.stream().map(CardScore::lengthRatio).sorted().toList();
    ObjectNode length = json.putObject("length_ratio");
    length.put("p10", Stats.percentile(ratios, 10));
    length.put("p50", Stats.percentile(ratios, 50));
    length.put("p90", Stats.percentile(ratios, 90));
    length.put("in_window_rate", Stats.share(ratios, r -> r >= MIN_RATIO && r <= MAX_RATIO));
    // cumulative, as Prometheus buckets are: how many first answers had at most le percent
    json.set("first_answer_length_percent_le", counts(worker, WorkerMetrics.FIRST_PERCENT_BUCKET));
    ObjectNode violations = counts(worker, WorkerMetrics.FIRST_VIOLATIONS);
    json.put("list_count_errors", violations.path("item_count").asInt(0));
    json.set("first_answer_violations", violations);
    json.set("local_fixes", counts(worker, WorkerMetrics.LOCAL_FIXES));
    json.set("failure_codes", failureCodes(scores));
    json.put("language_match_rate", Stats.share(delivered, CardScore::languageMatch));
    json.put("fact_coverage", Stats.mean(delivered, CardScore::factCoverage));
    json.put("keyword_coverage", Stats.mean(delivered, CardScore::keywordCoverage));
    json.put("grounding_violations", delivered.stream().filter(CardScore::ungrounded).count());
    json.put("invented_numbers", sum(delivered, CardScore::inventedNumbers));
    json.put("invented_certifications", sum(delivered, CardScore::inventedCertifications));
    json.put("given_certifications", sum(delivered, CardScore::givenCertifications));
    json.put("must_not_hits", sum(delivered, CardScore::mustNotHits));
    tokens(json, worker, cards, priceIn, priceOut);
    List<Double> latencies = scores.stream().map(s -> (double) s.latencyMillis()).sorted().toList();
    ObjectNode latency = json.putObject("latency_ms");
    latency.put("p50", Stats.percentile(latencies, 50));
    latency.put("p90", Stats.percentile(latencies, 90));
    latency.put("max", latencies.isEmpty() ? null : latencies.get(latencies.size() - 1));
    json.put("worker_metrics", !worker.isEmpty());
    json.set("per_card", Json.MAPPER.valueToTree(scores));
    return json;
  }

  /** First pass and repair need the worker; failures the API reports for every card. */
  private static void validation(
      ObjectNode json, Map<String, Double> worker, int failed, int cards) {
    double first = worker.getOrDefault(WorkerMetrics.VALIDATION + "/first", 0.0);
    double repaired = worker.getOrDefault(WorkerMetrics.VALIDATION + "/repaired", 0.0);
    double failedValidation = worker.getOrDefault(WorkerMetrics.VALIDATION + "/failed", 0.0);
    double validated = first + repaired + failedValidation;
    if (worker.isEmpty() || validated == 0) {
      json.putNull("first_pass_valid_rate");
      json.putNull("repair_rate");
    } else {
      json.put("first_pass_valid_rate", first / validated);
      json.put("repair_rate", repaired / validated);
    }
    json.put("failed_rate", cards == 0 ? null : failed / (double) cards);
  }

  private static void tokens(
      ObjectNode json, Map<String, Double> worker, int cards, double priceIn, double priceOut) {
    if (worker.isEmpty() || cards == 0) {
      json.putNull("tokens_in");
      json.putNull("tokens_out");
      json.putNull("tokens_per_card");
      json.putNull("cost_per_card_usd");
      return;
    }
    double in = worker.getOrDefault(WorkerMetrics.TOKENS + "/prompt", 0.0);
    double out = worker.getOrDefault(WorkerMetrics.TOKENS + "/completion", 0.0);
    json.put("tokens_in", (long) in);
    json.put("tokens_out", (long) out);
    json.put("tokens_per_card", (in + out) / cards);
    json.put("cost_per_card_usd", (in * priceIn + out * priceOut) / 1_000_000 / cards);
  }

  private static ObjectNode counts(Map<String, Double> worker, String metric) {
    ObjectNode counts = Json.MAPPER.createObjectNode();
    new TreeMap<>(worker)
        .forEach(
            (key, value) -> {
              if (key.startsWith(metric + "/") && value > 0) {
                counts.put(key.substring(metric.length() + 1), Math.round(value));
              }
            });
    return counts;
  }

  private static ObjectNode failureCodes(List<CardScore> scores) {
    ObjectNode codes = Json.MAPPER.createObjectNode();
    scores.stream()
        .map(CardScore::code)
        .filter(Objects::nonNull)
        .collect(Collectors.groupingBy(Function.identity(), TreeMap::new, Collectors.counting()))
        .forEach(codes::put);
    return codes;
  }

  private static int sum(List<CardScore> scores, Function<CardScore, List<String>> list) {
    return scores.stream().mapToInt(score -> list.apply(score).size()).sum();
  }
}
