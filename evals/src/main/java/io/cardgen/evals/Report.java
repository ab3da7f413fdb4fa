package io.cardgen.evals;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import tools.jackson.databind.JsonNode;

/** The Markdown report: the figures, a length histogram, deltas against a baseline, the cards. */
final class Report {

  /** Figures compared with the baseline; the path inside report.json, and whether up is good. */
  private static final List<String[]> COMPARED =
      List.of(
          new String[] {"first_pass_valid_rate", "up"},
          new String[] {"repair_rate", "down"},
          new String[] {"failed_rate", "down"},
          new String[] {"length_ratio.p10", ""},
          new String[] {"length_ratio.p50", ""},
          new String[] {"length_ratio.p90", ""},
          new String[] {"list_count_errors", "down"},
          new String[] {"language_match_rate", "up"},
          new String[] {"fact_coverage", "up"},
          new String[] {"keyword_coverage", "up"},
          new String[] {"grounding_violations", "down"},
          new String[] {"tokens_per_card", "down"},
          new String[] {"cost_per_card_usd", "down"},
          new String[] {"latency_ms.p50", "down"});

  private static final int BAR = 40;

  private Report() {}

  static String markdown(JsonNode now, JsonNode baseline, String title) {
    StringBuilder md = new StringBuilder("# ").append(title).append("\n\n");
    md.append("| Figure | Now | Baseline | Delta |\n|---|---:|---:|---:|\n");
    for (String[] figure : COMPARED) {
      JsonNode value = at(now, figure[0]);
      JsonNode before = baseline == null ? null : at(baseline, figure[0]);
      md.append(
          "| `%s` | %s | %s | %s |\n"
              .formatted(
                  figure[0], number(value), number(before), delta(value, before, figure[1])));
    }
    md.append("\nCards: ")
        .append(now.path("cards").asInt())
        .append(", delivered: ")
        .append(now.path("succeeded").asInt())
        .append(". Failure codes: ")
        .append(now.path("failure_codes"))
        .append(". First-answer violations: ")
        .append(now.path("first_answer_violations"))
        .append(". Local fixes: ")
        .append(now.path("local_fixes"))
        .append(".\n")
        .append(certifications(now));
    if (!now.path("worker_metrics").asBoolean()) {
      md.append(
          "\nThe worker's metrics were not read (no `--metrics-url`): first pass, repairs,"
              + " first-answer lengths and tokens are not measured.\n");
    }
    md.append("\n## First answers: description length, % of requested (before any fix)\n\n```\n")
        .append(firstAnswerHistogram(now.path("first_answer_length_percent_le")))
        .append("```\n\n## Delivered cards: description length / requested\n\n```\n")
        .append(deliveredHistogram(now.path("per_card")))
        .append(
            "```\n\n## Cards\n\n| Card | Result | Length | Lang | Facts | Keywords | Unsupported | ms |\n")
        .append("|---|---|---:|---|---:|---:|---|---:|\n");
    for (JsonNode card : now.path("per_card").values()) {
      md.append(cardRow(card));
    }
    return md.toString();
  }

  /**
   * What the grounding guard did with certifications: its catches among the first answers (from the
   * worker), and in the delivered cards the ones the seller gave (which a false alarm would have
   * refused) and the ones nobody gave (its misses).
   */
  private static String certifications(JsonNode now) {
    JsonNode caught = now.path("first_answer_violations").path("ungrounded_certification");
    return "\nCertifications: %s first answers refused for one nobody gave (`ungrounded_certification`);"
            .formatted(now.path("worker_metrics").asBoolean() ? caught.asInt(0) : "–")
        + " in the delivered cards, %d stated as the seller gave them and %d nobody gave.\n"
            .formatted(
                now.path("given_certifications").asInt(),
                now.path("invented_certifications").asInt());
  }

  private static String firstAnswerHistogram(JsonNode cumulative) {
    if (cumulative.isEmpty()) {
      return "not measured\n";
    }
    List<String> labels = new ArrayList<>();
    List<Long> counts = new ArrayList<>();
    long previous = 0;
    String lower = "0";
    for (Map.Entry<String, JsonNode> bucket : sortedBuckets(cumulative)) {
      long count = bucket.getValue().asLong();
      String upper = bucket.getKey().replace(".0", "");
      labels.add(upper.equals("+Inf") ? "> " + lower : lower + "–" + upper + "%");
      counts.add(count - previous);
      previous = count;
      lower = upper;
    }
    return bars(labels, counts) + "(window 80–115%)\n";
  }

  private static String deliveredHistogram(JsonNode cards) {
    List<String> labels = new ArrayList<>();
    List<Long> counts = new ArrayList<>();
    for (int bin = 0; bin < 12; bin++) {
      double from = 0.70 + bin * 0.05;
      double to = from + 0.05;
      labels.add("%.2f–%.2f".formatted(from, to));
      counts.add(
          cards.values().stream()
              .filter(card -> card.path("lengthRatio").isNumber())
              .map(card -> card.path("lengthRatio").asDouble())
              .filter(r -> r >= from - 1e-9 && r < to - 1e-9)
              .count());
    }
    return bars(labels, counts) + "(window 0.80–1.15)\n";
  }

  private static String bars(List<String> labels, List<Long> counts) {
    long max = Math.max(1, counts.stream().mapToLong(Long::longValue).max().orElse(1));
    StringBuilder text = new StringBuilder();
    for (int i = 0; i < labels.size(); i++) {
      int width = (int) Math.round(counts.get(i) * (double) BAR / max);
      text.append("%-11s %4d %s%n".formatted(labels.get(i), counts.get(i), "█".repeat(width)));
    }
    return text.toString();
  }

  private static List<Map.Entry<String, JsonNode>> sortedBuckets(JsonNode cumulative) {
    List<Map.Entry<String, JsonNode>> buckets = new ArrayList<>(cumulative.properties());
    buckets.sort((a, b) -> Double.compare(bound(a.getKey()), bound(b.getKey())));
    return buckets;
  }

  private static double bound(String le) {
    return le.equals("+Inf") ? Double.POSITIVE_INFINITY : Double.parseDouble(le);
  }

  private static String cardRow(JsonNode card) {
    List<String> unsupported = new ArrayList<>();
    for (String field : List.of("inventedNumbers", "inventedCertifications", "mustNotHits")) {
      card.path(field).values().forEach(claim -> unsupported.add(claim.asString()));
    }
    return "| %s | %s | %s | %s | %s | %s | %s | %d |\n"
        .formatted(
            card.path("id").asString(),
            card.path("code").isNull() ? "ok" : card.path("code").asString(),
            number(card.path("lengthRatio")),
            card.path("languageMatch").isNull()
                ? "–"
                : card.path("languageMatch").asBoolean() ? "ok" : "WRONG",
            number(card.path("factCoverage")),
            number(card.path("keywordCoverage")),
            String.join(", ", unsupported),
            card.path("latencyMillis").asLong());
  }

  private static JsonNode at(JsonNode json, String path) {
    JsonNode node = json;
    for (String part : path.split("\\.")) {
      node = node.path(part);
    }
    return node;
  }

  private static String number(JsonNode value) {
    if (value == null || !value.isNumber()) {
      return "–";
    }
    return value.isIntegralNumber()
        ? Long.toString(value.asLong())
        : String.format(Locale.ROOT, "%.3f", value.asDouble());
  }

  private static String delta(JsonNode now, JsonNode before, String better) {
    if (now == null || before == null || !now.isNumber() || !before.isNumber()) {
      return "–";
    }
    double delta = now.asDouble() - before.asDouble();
    String mark =
        delta == 0 || better.isEmpty() ? "" : (delta > 0) == better.equals("up") ? " ✓" : " ✗";
    return String.format(Locale.ROOT, "%+.3f%s", delta, mark);
  }
}
