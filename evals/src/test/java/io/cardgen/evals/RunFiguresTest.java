package io.cardgen.evals;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/** The report's figures on a small fixed set of answers, worked out by hand. */
class RunFiguresTest {

  private final GoldenProduct mug =
      Golden.product("ru-home-01"); // length 300, facts кружк, керамик
  private final GoldenProduct beanie = Golden.product("en-apparel-05"); // length 300

  @Test
  void sumsUpAFixedSetOfCards() {
    CardRun faithful =
        run(
            mug,
            "Кружка из керамики, 350 мл, ручная работа. " + "Подходит для чая. ".repeat(14),
            100);
    CardRun inventive =
        run(
            beanie,
            "A merino wool beanie. ISO 9001 certified, 80% warmer. " + "Soft. ".repeat(36),
            300);
    // the provider failed this one: the worker never validated it, yet it counts against the run
    CardRun failed = new CardRun(mug, 502, "generation_failed", "Ошибка провайдера.", null, 200, 1);
    List<CardScore> scores =
        List.of(CardScorer.score(faithful), CardScorer.score(inventive), CardScorer.score(failed));
    Map<String, Double> worker =
        Map.of(
            WorkerMetrics.VALIDATION + "/first", 1.0,
            WorkerMetrics.VALIDATION + "/repaired", 1.0,
            WorkerMetrics.TOKENS + "/prompt", 3000.0,
            WorkerMetrics.TOKENS + "/completion", 600.0,
            WorkerMetrics.MODELS + "/gpt-4o-mini (prompt v4)", 3600.0,
            WorkerMetrics.FIRST_VIOLATIONS + "/item_count", 2.0);

    ObjectNode report = RunFigures.of(scores, worker, 0.15, 0.60);

    assertThat(report.path("cards").asInt()).isEqualTo(3);
    // one denominator, the three cards sent: the rates add up to one
    assertThat(report.path("first_pass_valid_rate").asDouble()).isCloseTo(1 / 3.0, within(1e-9));
    assertThat(report.path("repair_rate").asDouble()).isCloseTo(1 / 3.0, within(1e-9));
    assertThat(report.path("failed_rate").asDouble()).isCloseTo(1 / 3.0, within(1e-9));
    assertThat(report.path("models").get(0).asString()).isEqualTo("gpt-4o-mini (prompt v4)");
    assertThat(report.path("warnings").isEmpty()).isTrue();
    assertThat(report.path("failure_codes").path("generation_failed").asInt()).isEqualTo(1);
    assertThat(report.path("list_count_errors").asInt()).isEqualTo(2);
    // the mug's description is 43 + 14 × 18 − 1 = 294 characters, the beanie's 54 + 36 × 6 − 1 =
    // 269
    assertThat(report.path("length_ratio").path("p10").asDouble()).isEqualTo(269 / 300.0);
    assertThat(report.path("length_ratio").path("p90").asDouble()).isEqualTo(294 / 300.0);
    assertThat(report.path("language_match_rate").asDouble()).isEqualTo(1.0);
    // the mug states "кружк" and "керамик(и)", the beanie "merino" and "beanie"
    assertThat(report.path("fact_coverage").asDouble()).isEqualTo(1.0);
    // "80" (80%) is in no input, "9001" neither; ISO and "certified" are certifications
    assertThat(report.path("invented_numbers").asInt()).isEqualTo(2);
    assertThat(report.path("invented_certifications").asInt()).isEqualTo(2);
    assertThat(report.path("must_not_hits").asInt()).isEqualTo(1); // "certified"
    assertThat(report.path("grounding_violations").asInt()).isEqualTo(1);
    // every token of the run, the failed card's included, over the two cards delivered
    assertThat(report.path("tokens_per_card").asDouble()).isEqualTo(1800.0);
    // (3000 × $0.15 + 600 × $0.60) per million tokens, over two cards
    assertThat(report.path("cost_per_card_usd").asDouble()).isCloseTo(0.000405, within(1e-12));
    assertThat(report.path("latency_ms").path("p50").asDouble()).isEqualTo(200.0);
  }

  @Test
  void tellsCertificationsTheSellerGaveFromInventedOnes() {
    GoldenProduct honey = Golden.product("ru-food-01"); // "по ГОСТ 19792-2017", certificates fact
    CardRun faithful = run(honey, "Мёд по ГОСТ 19792-2017, сертифицирован. Алтай.", 100);
    CardRun inventive = run(honey, "Мёд по ГОСТ, с маркировкой EAC. Алтай.", 100);

    ObjectNode report =
        RunFigures.of(
            List.of(CardScorer.score(faithful), CardScorer.score(inventive)),
            // the worker counted both delivered cards first-pass valid, and refused 3 first answers
            Map.of(
                WorkerMetrics.VALIDATION + "/first",
                2.0,
                WorkerMetrics.FIRST_VIOLATIONS + "/ungrounded_certification",
                3.0),
            0.15,
            0.60);

    // "ГОСТ 19792-2017" and "ГОСТ" are the seller's; "сертифицирован" rests on them; EAC is not
    assertThat(report.path("given_certifications").asInt()).isEqualTo(2);
    assertThat(report.path("invented_certifications").asInt()).isEqualTo(1);
    assertThat(report.path("grounding_violations").asInt()).isEqualTo(1);
    assertThat(Report.markdown(report, null, "test"))
        .contains(
            "Certifications: 3 first answers refused for one nobody gave"
                + " (`ungrounded_certification`); in the delivered cards, 2 stated as the seller"
                + " gave them and 1 nobody gave.");
  }

  @Test
  void leavesWhatOnlyTheWorkerKnowsUnmeasuredWithoutItsMetrics() {
    ObjectNode report =
        RunFigures.of(List.of(CardScorer.score(run(mug, "Кружка.", 10))), Map.of(), 0.15, 0.6);

    assertThat(report.path("first_pass_valid_rate").isNull()).isTrue();
    assertThat(report.path("tokens_per_card").isNull()).isTrue();
    assertThat(report.path("failed_rate").asDouble()).isEqualTo(0.0);
    assertThat(report.path("worker_metrics").asBoolean()).isFalse();
  }

  @Test
  void reportsNoneOfTheWorkersFiguresWhenItCountedOtherCardsThanTheRunDelivered() {
    CardScore delivered = CardScorer.score(run(mug, "Кружка из керамики.", 10));
    Map<String, Double> busyWorker =
        Map.of(
            WorkerMetrics.VALIDATION + "/first", 3.0,
            WorkerMetrics.TOKENS + "/prompt", 900.0,
            WorkerMetrics.MODELS + "/gpt-4o-mini (prompt v4)", 900.0,
            WorkerMetrics.FIRST_VIOLATIONS + "/item_count", 7.0,
            WorkerMetrics.LOCAL_FIXES + "/strip_bold", 2.0);

    ObjectNode report = RunFigures.of(List.of(delivered), busyWorker, 0.15, 0.6);

    for (String figure :
        List.of(
            "first_pass_valid_rate",
            "repair_rate",
            "tokens_per_card",
            "cost_per_card_usd",
            "list_count_errors")) {
      assertThat(report.path(figure).isNull()).as(figure).isTrue();
    }
    assertThat(report.path("first_answer_violations").isEmpty()).isTrue();
    assertThat(report.path("local_fixes").isEmpty()).isTrue();
    assertThat(report.path("models").isEmpty()).isTrue();
    assertThat(report.path("worker_metrics").asBoolean()).isFalse();
    assertThat(report.path("warnings").get(0).asString())
        .startsWith("The worker counted 3 cards valid (3 first pass, 0 repaired) for 1 delivered");
    assertThat(Report.markdown(report, null, "test"))
        .contains("not measured (its counters moved by more than this run)");
  }

  @Test
  void leavesCardsNeverSentOutOfTheLatencies() {
    List<CardScore> scores =
        List.of(
            CardScorer.score(run(mug, "Кружка.", 1500)),
            CardScorer.score(run(beanie, "Beanie.", 1700)),
            CardScorer.score(
                CardRun.unanswered(Golden.product("ru-home-02"), EvalCommand.NOT_SENT, "–", 0)),
            CardScorer.score(
                CardRun.unanswered(Golden.product("ru-home-03"), EvalCommand.NOT_SENT, "–", 0)));

    ObjectNode report = RunFigures.of(scores, Map.of(), 0.15, 0.6);

    assertThat(report.path("latency_ms").path("p50").asDouble()).isEqualTo(1500.0);
    assertThat(report.path("latency_ms").path("max").asDouble()).isEqualTo(1700.0);
    assertThat(report.path("not_sent").asInt()).isEqualTo(2);
    assertThat(report.path("failed_rate").asDouble()).isEqualTo(0.5);
  }

  @Test
  void countsNoCostPerCardWhenNoCardWasDelivered() {
    CardRun refused =
        new CardRun(mug, 403, "insufficient_credits", "Недостаточно кредитов.", null, 5, 1);

    ObjectNode report =
        RunFigures.of(
            List.of(CardScorer.score(refused)),
            Map.of(WorkerMetrics.TOKENS + "/prompt", 0.0),
            0.15,
            0.6);

    assertThat(report.path("failed_rate").asDouble()).isEqualTo(1.0);
    assertThat(report.path("first_pass_valid_rate").isNumber()).isTrue();
    assertThat(report.path("first_pass_valid_rate").asDouble()).isZero();
    assertThat(report.path("tokens_per_card").isNull()).isTrue();
    assertThat(report.path("cost_per_card_usd").isNull()).isTrue();
    assertThat(Report.markdown(report, null, "test"))
        .contains("| ru-home-01 | 403 | `insufficient_credits` | Недостаточно кредитов. | 1 |");
  }

  @Test
  void printsSmallCostsWithTheirSignificantDigits() {
    assertThat(Report.decimal(0.000412345)).isEqualTo("0.000412");
    assertThat(Report.decimal(-0.0000151)).isEqualTo("-0.0000151");
    assertThat(Report.decimal(0.5)).isEqualTo("0.500");
    assertThat(Report.decimal(0)).isEqualTo("0.000");
  }

  @Test
  void warnsWhenTheBaselineCoversOtherProductsOrAnotherModel() {
    ObjectNode now =
        RunFigures.of(List.of(CardScorer.score(run(mug, "Кружка.", 10))), Map.of(), 0.15, 0.6);
    ObjectNode other =
        RunFigures.of(List.of(CardScorer.score(run(beanie, "Beanie.", 10))), Map.of(), 0.15, 0.6);
    other.putArray("models").add("gpt-4o (prompt v3)");

    assertThat(Report.comparability(now, now.deepCopy())).isEmpty();
    assertThat(Report.comparability(now, other))
        .containsExactly(
            "over a different product set (1 products here, 1 there, 0 in common): the deltas"
                + " compare different cards.",
            "another model or prompt ([\"gpt-4o (prompt v3)\"] there): the deltas compare them.");
  }

  @Test
  void binsRatiosOnTheEdgesOfTheWindowInTheUpperBin() {
    // 240/300 = 0.80, 345/300 = 1.15 and 390/300 = 1.30 exactly
    ObjectNode report =
        RunFigures.of(
            List.of(
                CardScorer.score(run(mug, "К".repeat(240), 10)),
                CardScorer.score(run(mug, "К".repeat(345), 10)),
                CardScorer.score(run(mug, "К".repeat(390), 10))),
            Map.of(),
            0.15,
            0.6);

    String markdown = Report.markdown(report, null, "test");

    assertThat(markdown)
        .containsPattern("0\\.75–0\\.80 +0 \n")
        .containsPattern("0\\.80–0\\.85 +1 █")
        .containsPattern("1\\.10–1\\.15 +0 \n")
        .containsPattern("1\\.15–1\\.20 +1 █")
        .containsPattern("1\\.25–1\\.30 +0 \n")
        .containsPattern("≥ 1\\.30 +1 █");
  }

  @Test
  void showsDeliveredRatiosBeyondTheHistogramsRange() {
    ObjectNode report =
        RunFigures.of(
            List.of(
                CardScorer.score(run(mug, "Кружка. ".repeat(10), 10)),
                CardScorer.score(run(beanie, "A beanie. ".repeat(60), 10))),
            Map.of(),
            0.15,
            0.6);

    String markdown = Report.markdown(report, null, "test");

    assertThat(markdown).containsPattern("< 0.70 +1 █").containsPattern("≥ 1.30 +1 █");
  }

  @Test
  void writesAMarkdownReportWithDeltasAgainstTheBaseline() {
    ObjectNode now =
        RunFigures.of(List.of(CardScorer.score(run(mug, "Кружка.", 10))), Map.of(), 0.15, 0.6);
    ObjectNode baseline = now.deepCopy().put("failed_rate", 0.5);

    String markdown = Report.markdown(now, baseline, "test");

    assertThat(markdown).contains("| `failed_rate` | 0.000 | 0.500 | -0.500 ✓ |");
    assertThat(markdown).contains("0.80–0.85").contains("(window 0.80–1.15)");
  }

  private static CardRun run(GoldenProduct product, String description, long latency) {
    JsonNode card = Json.MAPPER.createObjectNode().put("description", description.strip());
    return new CardRun(product, 200, null, null, card, latency, 1);
  }
}
