package io.cardgen.evals;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/** The report's figures on a small fixed set of answers, worked out by hand. */
class RunFiguresTest {

  private static final Path GOLDEN = Path.of("golden");

  private final GoldenProduct mug = product("ru-home-01"); // length 300, facts кружк, керамик
  private final GoldenProduct beanie = product("en-apparel-05"); // length 300

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
    CardRun failed = new CardRun(mug, 502, "generation_invalid_response", null, 200);
    List<CardScore> scores =
        List.of(CardScorer.score(faithful), CardScorer.score(inventive), CardScorer.score(failed));
    Map<String, Double> worker =
        Map.of(
            WorkerMetrics.VALIDATION + "/first", 1.0,
            WorkerMetrics.VALIDATION + "/repaired", 1.0,
            WorkerMetrics.VALIDATION + "/failed", 1.0,
            WorkerMetrics.TOKENS + "/prompt", 3000.0,
            WorkerMetrics.TOKENS + "/completion", 600.0,
            WorkerMetrics.FIRST_VIOLATIONS + "/item_count", 2.0);

    ObjectNode report = RunFigures.of(scores, worker, 0.15, 0.60);

    assertThat(report.path("cards").asInt()).isEqualTo(3);
    assertThat(report.path("first_pass_valid_rate").asDouble()).isCloseTo(1 / 3.0, within(1e-9));
    assertThat(report.path("repair_rate").asDouble()).isCloseTo(1 / 3.0, within(1e-9));
    assertThat(report.path("failed_rate").asDouble()).isCloseTo(1 / 3.0, within(1e-9));
    assertThat(report.path("failure_codes").path("generation_invalid_response").asInt())
        .isEqualTo(1);
    assertThat(report.path("list_count_errors").asInt()).isEqualTo(2);
    double mugRatio = length(faithful) / 300.0;
    double beanieRatio = length(inventive) / 300.0;
    assertThat(report.path("length_ratio").path("p10").asDouble())
        .isEqualTo(Math.min(mugRatio, beanieRatio));
    assertThat(report.path("length_ratio").path("p90").asDouble())
        .isEqualTo(Math.max(mugRatio, beanieRatio));
    assertThat(report.path("language_match_rate").asDouble()).isEqualTo(1.0);
    // the mug states both expected facts; the beanie "merino" but no "beanie|hat" word? it says
    // beanie
    assertThat(report.path("fact_coverage").asDouble()).isEqualTo(1.0);
    // "80" (80%) is in no input, "9001" neither; ISO and "certified" are certifications
    assertThat(report.path("invented_numbers").asInt()).isEqualTo(2);
    assertThat(report.path("invented_certifications").asInt()).isEqualTo(2);
    assertThat(report.path("must_not_hits").asInt()).isEqualTo(1); // "certified"
    assertThat(report.path("grounding_violations").asInt()).isEqualTo(1);
    assertThat(report.path("tokens_per_card").asDouble()).isEqualTo(1200.0);
    assertThat(report.path("cost_per_card_usd").asDouble())
        .isCloseTo((3000 * 0.15 + 600 * 0.60) / 1e6 / 3, within(1e-12));
    assertThat(report.path("latency_ms").path("p50").asDouble()).isEqualTo(200.0);
  }

  @Test
  void tellsCertificationsTheSellerGaveFromInventedOnes() {
    GoldenProduct honey = product("ru-food-01"); // "по ГОСТ 19792-2017", certificates fact
    CardRun faithful = run(honey, "Мёд по ГОСТ 19792-2017, сертифицирован. Алтай.", 100);
    CardRun inventive = run(honey, "Мёд по ГОСТ, с маркировкой EAC. Алтай.", 100);

    ObjectNode report =
        RunFigures.of(
            List.of(CardScorer.score(faithful), CardScorer.score(inventive)),
            Map.of(WorkerMetrics.FIRST_VIOLATIONS + "/ungrounded_certification", 3.0),
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
  void writesAMarkdownReportWithDeltasAgainstTheBaseline() {
    ObjectNode now =
        RunFigures.of(List.of(CardScorer.score(run(mug, "Кружка.", 10))), Map.of(), 0.15, 0.6);
    ObjectNode baseline = now.deepCopy().put("failed_rate", 0.5);

    String markdown = Report.markdown(now, baseline, "test");

    assertThat(markdown).contains("| `failed_rate` | 0.000 | 0.500 | -0.500 ✓ |");
    assertThat(markdown).contains("0.80–0.85").contains("(window 0.80–1.15)");
  }

  private static int length(CardRun run) {
    String description = run.card().path("description").asString();
    return description.codePointCount(0, description.length());
  }

  private static CardRun run(GoldenProduct product, String description, long latency) {
    JsonNode card = Json.MAPPER.createObjectNode().put("description", description.strip());
    return new CardRun(product, 200, null, card, latency);
  }

  private static GoldenProduct product(String id) {
    return GoldenProduct.load(GOLDEN).stream()
        .filter(product -> product.id().equals(id))
        .findFirst()
        .orElseThrow();
  }
}
