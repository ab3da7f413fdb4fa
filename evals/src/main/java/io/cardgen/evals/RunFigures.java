package io.cardgen.evals;

import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import java.util.function.Function;
import java.util.stream.Collectors;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * The figures of one run, as the {@code report.json} object: per-card scores summed up, and where
 * the worker's metrics were read, what only the worker knows (first pass, repairs, tokens).
 *
 * <p>Rates of cards share one denominator, the cards sent, so that first pass, repair and failure
 * add up to one and a card the provider or the gateway failed counts against the run. Costs share
 * another, the cards delivered: every token the run spent, failed answers' included, is the price
 * of the cards it got.
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
    ArrayNode warnings = json.putArray("warnings");
    if (!accountsFor(worker, delivered.size(), warnings)) {
      worker = Map.of();
      json.put("worker_metrics_missing", "its counters moved by more than this run");
    }
    json.put("cards", cards);
    json.put("succeeded", delivered.size());
    json.put(
        "not_sent", scores.stream().filter(s -> EvalCommand.NOT_SENT.equals(s.code())).count());
    ArrayNode models = json.putArray("models");
    counts(worker, WorkerMetrics.MODELS).propertyNames().forEach(models::add);
    validation(json, worker, delivered.size(), cards);
    List<Double> ratios = delivered.stream().map(CardScore::lengthRatio).sorted().toList();
    ObjectNode length = json.putObject("length_ratio");
    length.put("p10", Stats.percentile(ratios, 10));
    length.put("p50", Stats.percentile(ratios, 50));
    length.put("p90", Stats.percentile(ratios, 90));
    length.put("in_window_rate", Stats.share(ratios, r -> r >= MIN_RATIO && r <= MAX_RATIO));
    // cumulative, as Prometheus buckets are: how many first answers had at most le percent
    json.set("first_answer_length_percent_le", counts(worker, WorkerMetrics.FIRST_PERCENT_BUCKET));
    ObjectNode violations = counts(worker, WorkerMetrics.FIRST_VIOLATIONS);
    if (worker.isEmpty()) {
      json.putNull("list_count_errors");
    } else {
      json.put("list_count_errors", violations.path("item_count").asInt(0));
    }
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
    tokens(json, worker, delivered.size(), priceIn, priceOut);
    // a card never sent has no latency: its 0 ms would pull the percentiles down
    List<Double> latencies =
        scores.stream()
            .filter(score -> !EvalCommand.NOT_SENT.equals(score.code()))
            .map(score -> (double) score.latencyMillis())
            .sorted()
            .toList();
    ObjectNode latency = json.putObject("latency_ms");
    latency.put("p50", Stats.percentile(latencies, 50));
    latency.put("p90", Stats.percentile(latencies, 90));
    latency.put("max", latencies.isEmpty() ? null : latencies.get(latencies.size() - 1));
    json.put("worker_metrics", !worker.isEmpty());
    json.set("per_card", Json.MAPPER.valueToTree(scores));
    return json;
  }

  /**
   * Whether the worker's counts account for exactly the delivered cards. If not, something other
   * than this run moved them (other traffic, a redelivery, a card failing after its validation),
   * and every figure taken from them — first pass, repairs, tokens, cost, first-answer rules and
   * lengths, local fixes — would be another run's: none is reported.
   */
  private static boolean accountsFor(
      Map<String, Double> worker, int delivered, ArrayNode warnings) {
    if (worker.isEmpty()) {
      return true;
    }
    long first = Math.round(worker.getOrDefault(WorkerMetrics.VALIDATION + "/first", 0.0));
    long repaired = Math.round(worker.getOrDefault(WorkerMetrics.VALIDATION + "/repaired", 0.0));
    if (first + repaired == delivered) {
      return true;
    }
    warnings.add(
        ("The worker counted %d cards valid (%d first pass, %d repaired) for %d delivered:"
                + " other traffic, a redelivery or a failure after validation moved its counters,"
                + " so none of its figures (first pass, repairs, tokens, cost, first-answer rules,"
                + " local fixes) is reported.")
            .formatted(first + repaired, first, repaired, delivered));
    return false;
  }

  /** First pass and repair need the worker, failures the API reports; all over the run's cards. */
  private static void validation(
      ObjectNode json, Map<String, Double> worker, int delivered, int cards) {
    long first = Math.round(worker.getOrDefault(WorkerMetrics.VALIDATION + "/first", 0.0));
    long repaired = Math.round(worker.getOrDefault(WorkerMetrics.VALIDATION + "/repaired", 0.0));
    if (worker.isEmpty() || cards == 0) {
      json.putNull("first_pass_valid_rate");
      json.putNull("repair_rate");
    } else {
      json.put("first_pass_valid_rate", first / (double) cards);
      json.put("repair_rate", repaired / (double) cards);
    }
    json.put("failed_rate", cards == 0 ? null : (cards - delivered) / (double) cards);
  }

  private static void tokens(
      ObjectNode json, Map<String, Double> worker, int delivered, double priceIn, double priceOut) {
    if (worker.isEmpty()) {
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
    json.put("tokens_per_card", delivered == 0 ? null : (in + out) / delivered);
    json.put(
        "cost_per_card_usd",
        delivered == 0 ? null : (in * priceIn + out * priceOut) / 1_000_000 / delivered);
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
