package io.cardgen.standalone;

import static org.assertj.core.api.Assertions.assertThat;

import io.cardgen.evals.EvalCommand;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

/**
 * A small run of {@code scripts/eval} in {@code verify}: six golden products against the standalone
 * with the realistic simulator profile, through the same entry point as the script. The simulator
 * answers deterministically under a seed, so the report's figures are fixed.
 */
class EvalSmokeIT {

  private static final Path GOLDEN = Path.of("../../evals/golden");

  /**
   * Four Russian and two English products. Under seed 1 their first answers break the length twice,
   * add ** once, invent a figure twice, ru-home-03 comes back in English and ru-pets-04 claims
   * "Сертифицирован по ISO 9001": four cards need the repair, three descriptions (first answers or
   * repairs) are trimmed locally. ru-electronics-02 restates the seller's "сертификат EAC", which
   * must pass.
   */
  private static final List<String> PRODUCTS =
      List.of(
          "ru-home-01",
          "ru-home-03",
          "ru-electronics-02",
          "ru-pets-04",
          "en-sports-06",
          "en-home-06");

  private static TestStack stack;

  @BeforeAll
  static void startRealisticStack() throws Exception {
    stack =
        TestStack.start(
            Map.of("CARDGEN_SIMULATOR_PROFILE", "realistic", "CARDGEN_SIMULATOR_SEED", "1"));
  }

  @AfterAll
  static void stop() {
    if (stack != null) {
      stack.close();
    }
  }

  @Test
  void writesTheReportOfASmallFixedSet(@TempDir Path dir) throws Exception {
    Path golden = Files.createDirectories(dir.resolve("golden/photos"));
    for (String product : PRODUCTS) {
      Files.copy(GOLDEN.resolve(product + ".json"), golden.getParent().resolve(product + ".json"));
      Files.copy(GOLDEN.resolve("photos/" + product + ".png"), golden.resolve(product + ".png"));
    }
    String workerPort = stack.app.worker().getEnvironment().getProperty("local.server.port");
    ByteArrayOutputStream out = new ByteArrayOutputStream();

    int exit =
        EvalCommand.run(
            new PrintStream(out, true, StandardCharsets.UTF_8),
            new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8),
            "--base-url",
            "http://localhost:" + stack.publicPort,
            "--api-key",
            stack.demoKey(),
            "--out",
            dir.resolve("out").toString(),
            "--golden",
            golden.getParent().toString(),
            "--baseline",
            dir.resolve("no-baseline.json").toString(),
            "--concurrency",
            "3",
            "--metrics-url",
            "http://localhost:" + workerPort + "/actuator/prometheus");

    assertThat(exit).isZero();
    assertThat(out.toString(StandardCharsets.UTF_8)).contains("| `first_pass_valid_rate` |");
    JsonNode report = TestStack.JSON.readTree(dir.resolve("out/report.json").toFile());
    assertThat(report.path("cards").asInt()).isEqualTo(6);
    assertThat(report.path("failed_rate").asDouble()).isZero();
    assertThat(report.path("first_pass_valid_rate").asDouble()).isEqualTo(2 / 6.0);
    assertThat(report.path("repair_rate").asDouble()).isEqualTo(4 / 6.0);
    assertThat(report.path("first_answer_violations"))
        .isEqualTo(
            TestStack.JSON.readTree(
                "{\"description_length\":2,\"markdown_bold\":1,\"ungrounded_certification\":1,"
                    + "\"ungrounded_figure\":2,\"wrong_language\":1}"));
    assertThat(report.path("local_fixes"))
        .isEqualTo(TestStack.JSON.readTree("{\"trim_description\":3}"));
    assertThat(report.path("length_ratio").path("p10").asDouble()).isEqualTo(496 / 500.0);
    assertThat(report.path("length_ratio").path("p50").asDouble()).isEqualTo(315 / 300.0);
    assertThat(report.path("length_ratio").path("p90").asDouble()).isEqualTo(338 / 300.0);
    assertThat(report.path("language_match_rate").asDouble()).isEqualTo(1.0);
    // every fact but one of a two-fact product; ru-home-01's «керамическая» reads as its material
    assertThat(report.path("fact_coverage").asDouble()).isEqualTo(11 / 12.0);
    assertThat(factCoverage(report, "ru-home-01")).isEqualTo(1.0);
    assertThat(report.path("grounding_violations").asInt()).isZero();
    assertThat(report.path("given_certifications").asInt()).isEqualTo(1);
    assertThat(report.path("tokens_per_card").asDouble()).isPositive();
    assertThat(report.path("models").toString()).isEqualTo("[\"cardgen-simulator (prompt v4)\"]");
    assertThat(report.path("warnings").isEmpty()).isTrue();
    assertThat(report.path("not_sent").asInt()).isZero();
    assertThat(Files.readString(dir.resolve("out/report.md")))
        .contains("(window 80–115%)")
        .contains("Model: cardgen-simulator (prompt v4).");
  }

  private static double factCoverage(JsonNode report, String id) {
    for (JsonNode card : report.path("per_card").values()) {
      if (card.path("id").asString().equals(id)) {
        return card.path("factCoverage").asDouble();
      }
    }
    throw new AssertionError("no card " + id);
  }
}
