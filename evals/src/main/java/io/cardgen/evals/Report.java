package io.cardgen.evals;

import java.math.BigDecimal;
import java.math.MathContext;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.DoublePredicate;
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

  /** Ratios sit on bin edges (300/300); a hair below the edge keeps them in the upper bin. */
  private static final double EDGE = 1e-9;

  private Report() {}

  static String markdown(JsonNode now, JsonNode baseline, String title) {
    StringBuilder md = new StringBuilder("# ").append(title).append("\n\n");
    md.append(setting(now));
    for (JsonNode warning : now.path("warnings").values()) {
      md.append("> **Warning:** ").append(warning.asString()).append("\n");
    }
    comparability(now, baseline)
        .forEach(note -> md.append("> **Baseline:** ").append(note).append("\n"));
    md.append("\n| Figure | Now | Baseline | Delta |\n|---|---:|---:|---:|\n");
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
          "\nThe worker's figures are not measured (%s): first pass, repairs, first-answer lengths and tokens.\n"
              .formatted(now.path("worker_metrics_missing").asString("no `--metrics-url`")));
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
    md.append(failures(now.path("per_card")));
    return md.toString();
  }

  /** What ran: the model and prompt version the worker reported, where, and how. */
  private static String setting(JsonNode now) {
    List<String> models = new ArrayList<>();
    now.path("models").values().forEach(model -> models.add(model.asString()));
    JsonNode run = now.path("run");
    return "Model: %s. Against %s, golden set %s, concurrency %s.\n"
        .formatted(
            models.isEmpty()
                ? "not measured (%s)"
                    .formatted(now.path("worker_metrics_missing").asString("no `--metrics-url`"))
                : String.join(", ", models),
            run.path("base_url").asString("–"),
            run.path("golden").asString("–"),
            run.path("concurrency").asString("–"));
  }

  /**
   * Why a delta may not mean what it seems: a baseline over other products compares other cards,
   * one of another model compares models.
   */
  static List<String> comparability(JsonNode now, JsonNode baseline) {
    if (baseline == null) {
      return List.of();
    }
    List<String> notes = new ArrayList<>();
    Set<String> ours = ids(now);
    Set<String> theirs = ids(baseline);
    if (!ours.equals(theirs)) {
      Set<String> common = new TreeSet<>(ours);
      common.retainAll(theirs);
      notes.add(
          ("over a different product set (%d products here, %d there, %d in common):"
                  + " the deltas compare different cards.")
              .formatted(ours.size(), theirs.size(), common.size()));
    }
    JsonNode models = baseline.path("models");
    if (models.isArray() && now.path("models").isArray() && !models.equals(now.path("models"))) {
      notes.add(
          "another model or prompt (%s there): the deltas compare them."
              .formatted(models.isEmpty() ? "none measured" : models));
    }
    return notes;
  }

  private static Set<String> ids(JsonNode report) {
    Set<String> ids = new TreeSet<>();
    report.path("per_card").values().forEach(card -> ids.add(card.path("id").asString()));
    return ids;
  }

  /** The failed cards with what the API said, so that a failure can be told from another. */
  private static String failures(JsonNode cards) {
    StringBuilder md = new StringBuilder();
    for (JsonNode card : cards.values()) {
      if (!card.path("code").isNull()) {
        md.append(
            "| %s | %s | `%s` | %s | %d |\n"
                .formatted(
                    card.path("id").asString(),
                    card.path("status").asInt() == 0 ? "–" : card.path("status").asString(),
                    card.path("code").asString(),
                    card.path("message").asString("").replace("|", "\\|"),
                    card.path("attempts").asInt()));
      }
    }
    return md.isEmpty()
        ? ""
        : "\n## Failures\n\n| Card | HTTP | Code | Message | Attempts |\n|---|---:|---|---|---:|\n"
            + md;
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

  /** Bins of 0.05 from 0.70 to 1.30, and one on each side for every ratio beyond. */
  private static String deliveredHistogram(JsonNode cards) {
    List<Double> ratios =
        cards.values().stream()
            .filter(card -> card.path("lengthRatio").isNumber())
            .map(card -> card.path("lengthRatio").asDouble())
            .toList();
    List<String> labels = new ArrayList<>(List.of("< 0.70"));
    List<Long> counts = new ArrayList<>(List.of(count(ratios, r -> r < 0.70 - EDGE)));
    for (int bin = 0; bin < 12; bin++) {
      double from = 0.70 + bin * 0.05;
      double to = from + 0.05;
      labels.add(String.format(Locale.ROOT, "%.2f–%.2f", from, to));
      counts.add(count(ratios, r -> r >= from - EDGE && r < to - EDGE));
    }
    labels.add("≥ 1.30");
    counts.add(count(ratios, r -> r >= 1.30 - EDGE));
    return bars(labels, counts) + "(window 0.80–1.15)\n";
  }

  private static long count(List<Double> ratios, DoublePredicate inBin) {
    return ratios.stream().filter(inBin::test).count();
  }

  private static String bars(List<String> labels, List<Long> counts) {
    long max = Math.max(1, counts.stream().mapToLong(Long::longValue).max().orElse(1));
    StringBuilder text = new StringBuilder();
    for (int i = 0; i < labels.size(); i++) {
      int width = (int) Math.round(counts.get(i) * (double) BAR / max);
      text.append("%-11s %4d %s\n".formatted(labels.get(i), counts.get(i), "█".repeat(width)));
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
    return value.isIntegralNumber() ? Long.toString(value.asLong()) : decimal(value.asDouble());
  }

  /**
   * Three decimals, or three significant digits below 0.01, so that a cost per card of $0.00041
   * does not read 0.000.
   */
  static String decimal(double value) {
    if (value == 0 || Math.abs(value) >= 0.01 || !Double.isFinite(value)) {
      return String.format(Locale.ROOT, "%.3f", value);
    }
    return new BigDecimal(value).round(new MathContext(3)).toPlainString();
  }

  private static String delta(JsonNode now, JsonNode before, String better) {
    if (now == null || before == null || !now.isNumber() || !before.isNumber()) {
      return "–";
    }
    double delta = now.asDouble() - before.asDouble();
    String mark =
        delta == 0 || better.isEmpty() ? "" : (delta > 0) == better.equals("up") ? " ✓" : " ✗";
    return (delta >= 0 ? "+" : "") + decimal(delta) + mark;
  }
}
