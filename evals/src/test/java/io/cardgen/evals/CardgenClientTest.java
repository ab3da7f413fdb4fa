package io.cardgen.evals;

import static org.assertj.core.api.Assertions.assertThat;

import io.cardgen.evals.ScriptedCardgen.Answer;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/** The harness's client over real HTTP: what it retries, and what it keeps of a failure. */
class CardgenClientTest {

  private final GoldenProduct mug = Golden.product("ru-home-01");

  @Test
  void retriesA429AfterItsRetryAfterWithTheSameIdempotencyKey() throws Exception {
    try (ScriptedCardgen cardgen =
        new ScriptedCardgen(
            n ->
                n == 1
                    ? Answer.error(429, "rate_limited", "Слишком много запросов.").retryAfter("0")
                    : Answer.card("Кружка."),
            n -> null)) {
      CardRun run = client(cardgen, Duration.ofSeconds(10)).generate(mug);

      assertThat(run.succeeded()).isTrue();
      assertThat(run.attempts()).isEqualTo(2);
      assertThat(cardgen.idempotencyKeys()).hasSize(2).containsOnly("eval-run1-ru-home-01");
    }
  }

  @Test
  void waitsForAJobThatOutlivedItsWaitThroughTheInProgressAnswers() throws Exception {
    // the gateway's 503 for a job still running past its wait, then 409 while it runs on
    try (ScriptedCardgen cardgen =
        new ScriptedCardgen(
            n ->
                switch (n) {
                  case 1 ->
                      Answer.error(503, "generation_unavailable", "Сервис недоступен.")
                          .retryAfter("0");
                  case 2, 3 ->
                      Answer.error(409, "generation_in_progress", "Генерация выполняется.");
                  default -> Answer.card("Кружка.");
                },
            n -> null)) {
      CardRun run = client(cardgen, Duration.ofSeconds(10)).generate(mug);

      assertThat(run.succeeded()).isTrue();
      assertThat(run.attempts()).isEqualTo(4);
      assertThat(cardgen.idempotencyKeys()).containsOnly("eval-run1-ru-home-01");
    }
  }

  @Test
  void givesUpOnA503AfterEightAttemptsKeepingWhatTheApiSaid() throws Exception {
    try (ScriptedCardgen cardgen =
        new ScriptedCardgen(
            n -> Answer.error(503, "generation_unavailable", "Сервис недоступен."), n -> null)) {
      CardRun run = client(cardgen, Duration.ofSeconds(10)).generate(mug);

      assertThat(run.status()).isEqualTo(503);
      assertThat(run.code()).isEqualTo("generation_unavailable");
      assertThat(run.message()).isEqualTo("Сервис недоступен.");
      assertThat(run.attempts()).isEqualTo(8);
      assertThat(cardgen.requests()).isEqualTo(8);
    }
  }

  @Test
  void doesNotRetryAProviderFailureWhichIsPartOfWhatTheEvalMeasures() throws Exception {
    try (ScriptedCardgen cardgen =
        new ScriptedCardgen(
            n -> Answer.error(502, "generation_failed", "Ошибка провайдера."), n -> null)) {
      CardRun run = client(cardgen, Duration.ofSeconds(10)).generate(mug);

      assertThat(run.code()).isEqualTo("generation_failed");
      assertThat(run.attempts()).isEqualTo(1);
    }
  }

  @Test
  void labelsAnUnansweredRequestATimeoutAndTriesItOnceMore() throws Exception {
    try (ScriptedCardgen cardgen = new ScriptedCardgen(n -> Answer.NONE, n -> null)) {
      CardRun run = client(cardgen, Duration.ofMillis(300)).generate(mug);

      assertThat(run.code()).isEqualTo(CardgenClient.TIMEOUT_CODE);
      assertThat(run.status()).isZero();
      assertThat(run.attempts()).isEqualTo(2);
    }
  }

  @Test
  void labelsAnAddressThatNeverAcceptsAConnectionFailure() throws Exception {
    try (Blackhole address = new Blackhole()) {
      CardRun run =
          new CardgenClient(
                  address.url(), "cg_test", "run1", Duration.ofMillis(500), Duration.ofMillis(1))
              .generate(mug);

      assertThat(run.code()).isEqualTo(CardgenClient.CONNECTION_CODE);
      assertThat(run.message()).startsWith("no connection within");
      assertThat(run.attempts()).isEqualTo(2);
    }
  }

  private static CardgenClient client(ScriptedCardgen cardgen, Duration timeout) {
    return new CardgenClient(cardgen.baseUrl(), "cg_test", "run1", timeout, Duration.ofMillis(1));
  }
}
