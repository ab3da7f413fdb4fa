package io.cardgen.evals;

import static org.assertj.core.api.Assertions.assertThat;

import io.cardgen.evals.ScriptedCardgen.Answer;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

/** How a run ends when the service refuses it, runs dry or loses its metrics. */
class EvalCommandTest {

  private static final String SCRAPE =
      """
      cardgen_generation_validation_total{pass="first"} 10
      cardgen_llm_tokens_total{model="gpt-4o-mini",prompt_version="v4",type="prompt"} 5000
      """;

  @TempDir Path out;

  private final ByteArrayOutputStream errors = new ByteArrayOutputStream();

  @Test
  void stopsAfterTheFirstCardWhenTheKeyIsRefused() throws Exception {
    try (ScriptedCardgen cardgen =
        new ScriptedCardgen(
            n -> Answer.error(401, "unauthorized", "Неверный ключ API."), n -> null)) {
      int exit = run(Map.of(), cardgen, "--api-key", "cg_wrong");

      assertThat(exit).isEqualTo(1);
      assertThat(cardgen.requests()).isEqualTo(1);
      assertThat(errors())
          .contains("the first card was refused (HTTP 401 unauthorized: Неверный ключ API.)");
      assertThat(out.resolve("report.json")).doesNotExist();
    }
  }

  @Test
  void stopsAfterTheFirstCardWhenNothingListensAtTheAddress() throws Exception {
    int closedPort;
    try (java.net.ServerSocket probe = new java.net.ServerSocket(0)) {
      closedPort = probe.getLocalPort();
    }
    List<String> args =
        List.of(
            "--base-url",
            "http://127.0.0.1:" + closedPort,
            "--api-key",
            "cg_key",
            "--out",
            out.toString(),
            "--golden",
            Golden.DIR.toString());

    int exit =
        EvalCommand.run(
            new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8),
            new PrintStream(errors, true, StandardCharsets.UTF_8),
            Map.of(),
            args.toArray(String[]::new));

    assertThat(exit).isEqualTo(1);
    assertThat(errors()).contains("the first card was refused (eval_connection_failed");
    assertThat(out.resolve("report.json")).doesNotExist();
  }

  @Test
  void sendsNoMoreCardsOnceTheCreditsRunOutAndSaysTheRunIsIncomplete() throws Exception {
    try (ScriptedCardgen cardgen =
        new ScriptedCardgen(
            n ->
                n <= 2
                    ? Answer.card("Карточка.")
                    : Answer.error(403, "insufficient_credits", "Недостаточно кредитов."),
            n -> null)) {
      int exit = run(Map.of(), cardgen, "--api-key", "cg_key", "--concurrency", "1");

      JsonNode report = Json.MAPPER.readTree(out.resolve("report.json").toFile());
      assertThat(exit).isEqualTo(1);
      assertThat(cardgen.requests()).isEqualTo(3);
      assertThat(report.path("cards").asInt()).isEqualTo(66);
      assertThat(report.path("succeeded").asInt()).isEqualTo(2);
      assertThat(report.path("not_sent").asInt()).isEqualTo(63);
      assertThat(report.path("failure_codes").path(EvalCommand.NOT_SENT).asInt()).isEqualTo(63);
      assertThat(errors()).contains("63 cards were not sent");
    }
  }

  @Test
  void keepsTheCardsFiguresWhenTheLastScrapeFails() throws Exception {
    try (ScriptedCardgen cardgen =
        new ScriptedCardgen(
            n -> Answer.card("Карточка."),
            n -> n == 1 ? new Answer(200, SCRAPE, null) : Answer.error(500, "down", "–"))) {
      int exit =
          run(
              Map.of(EvalOptions.API_KEY_VARIABLE, "cg_from_env"),
              cardgen,
              "--only",
              "2",
              "--metrics-url",
              cardgen.metricsUrl().toString());

      JsonNode report = Json.MAPPER.readTree(out.resolve("report.json").toFile());
      assertThat(exit).isZero();
      assertThat(cardgen.authorizations()).containsOnly("Bearer cg_from_env");
      assertThat(report.path("succeeded").asInt()).isEqualTo(2);
      assertThat(report.path("worker_metrics").asBoolean()).isFalse();
      assertThat(report.path("warnings").get(0).asString())
          .startsWith(
              "The worker's metrics could not be read after the run (metrics answered HTTP 500)");
      assertThat(Files.readString(out.resolve("report.md")))
          .contains("> **Warning:** The worker's");
    }
  }

  @Test
  void sendsNothingWhenTheMetricsCannotBeReadBeforeTheRun() throws Exception {
    try (ScriptedCardgen cardgen =
        new ScriptedCardgen(n -> Answer.card("Карточка."), n -> Answer.error(404, "x", "–"))) {
      int exit =
          run(
              Map.of(),
              cardgen,
              "--api-key",
              "cg_key",
              "--metrics-url",
              cardgen.metricsUrl().toString());

      assertThat(exit).isEqualTo(1);
      assertThat(cardgen.requests()).isZero();
      assertThat(errors()).contains("nothing was sent");
    }
  }

  @Test
  void refusesAKeyWithALineBreakWithoutPrintingIt() throws Exception {
    try (ScriptedCardgen cardgen = new ScriptedCardgen(n -> Answer.card("Карточка."), n -> null)) {
      int exit = run(Map.of(), cardgen, "--api-key", "cg_secret\nrest_of_key", "--only", "1");

      assertThat(exit).isEqualTo(2);
      assertThat(cardgen.requests()).isZero();
      assertThat(errors())
          .contains("the API key has a line break at character 10")
          .doesNotContain("cg_secret")
          .doesNotContain("rest_of_key");
    }
  }

  @Test
  void namesARefusedArgumentWithoutItsValue() throws Exception {
    try (ScriptedCardgen cardgen = new ScriptedCardgen(n -> Answer.card("Карточка."), n -> null)) {
      int glued = run(Map.of(), cardgen, "--api-key=cg_secret_glued", "--only", "1");
      int stray = run(Map.of(), cardgen, "--only", "1", "cg_secret_stray");

      assertThat(glued).isEqualTo(2);
      assertThat(stray).isEqualTo(2);
      assertThat(cardgen.requests()).isZero();
      assertThat(errors())
          .contains("unknown option or missing value: --api-key=…")
          .contains("argument 11 is not an option")
          .doesNotContain("cg_secret");
    }
  }

  @Test
  void sendsAKeyReadFromAFileWithWindowsLineEndsWithoutItsLineEnd() throws Exception {
    try (ScriptedCardgen cardgen = new ScriptedCardgen(n -> Answer.card("Карточка."), n -> null)) {
      int exit =
          run(Map.of(EvalOptions.API_KEY_VARIABLE, "cg_from_file\r\n"), cardgen, "--only", "1");

      assertThat(exit).isZero();
      assertThat(cardgen.authorizations()).containsOnly("Bearer cg_from_file");
      assertThat(errors()).doesNotContain("cg_from_file");
    }
  }

  private int run(Map<String, String> env, ScriptedCardgen cardgen, String... extra) {
    List<String> args =
        new ArrayList<>(
            List.of(
                "--base-url",
                cardgen.baseUrl().toString(),
                "--out",
                out.toString(),
                "--golden",
                Golden.DIR.toString(),
                "--baseline",
                out.resolve("none.json").toString()));
    args.addAll(List.of(extra));
    return EvalCommand.run(
        new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8),
        new PrintStream(errors, true, StandardCharsets.UTF_8),
        env,
        args.toArray(String[]::new));
  }

  private String errors() {
    return errors.toString(StandardCharsets.UTF_8);
  }
}
