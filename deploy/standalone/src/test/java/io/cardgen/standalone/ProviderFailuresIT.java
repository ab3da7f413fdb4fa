package io.cardgen.standalone;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import tools.jackson.databind.JsonNode;

/**
 * Recorded OpenAI responses (src/test/resources/openai) replayed to the worker over HTTP, through
 * the whole job path: each failure ends with its spec code, the job failed and its credit released
 * (balance and reserve as before, a RESERVE and a RELEASE in the ledger, no CHARGE).
 */
class ProviderFailuresIT {

  private static final int MAX_RETRIES = 2;

  private static ScriptedOpenAi provider;
  private static TestStack stack;

  @BeforeAll
  static void start() throws Exception {
    provider = new ScriptedOpenAi(Duration.ofMillis(1500));
    stack =
        TestStack.start(
            Map.of("CARDGEN_LLM_BASE_URL", provider.baseUrl()),
            "--cardgen.llm.base-url=" + provider.baseUrl(),
            "--cardgen.llm.max-retries=" + MAX_RETRIES,
            "--cardgen.llm.retry-backoff=20ms",
            "--cardgen.llm.attempt-timeout=1s");
  }

  @AfterAll
  static void stop() {
    stack.close();
    provider.close();
  }

  @ParameterizedTest(name = "{0} → {1} after {2} call(s)")
  @CsvSource({
    "refusal,          generation_refused,          1",
    "content-filter,   generation_refused,          1",
    "length,           generation_incomplete,       1",
    "empty,            generation_empty,            1",
    "malformed-json,   generation_invalid_response, 2",
    "rate-limit-429,   generation_failed,           3",
    "server-error-500, generation_failed,           3",
    "hang,             generation_failed,           3"
  })
  void answersEachRecordedProviderFailureWithItsCodeAndReleasesTheCredit(
      String recording, String code, int calls) throws Exception {
    JsonNode before = stack.account(stack.demoAccountId());
    String marker = provider.script(recording);
    String key = "provider-" + UUID.randomUUID();

    TestStack.Response response = stack.generate(stack.demoKey(), key, request(marker));

    assertThat(response.status()).as(response.toString()).isEqualTo(502);
    assertThat(response.json().get("success").asBoolean()).isFalse();
    assertThat(response.json().get("code").asString()).isEqualTo(code);
    assertThat(response.json().get("message").asString()).isNotBlank();
    assertCreditReleased(key, before, code);
    assertThat(provider.received(marker)).hasSize(calls);
  }

  @Test
  void asksForTheRepairWithTheMalformedAnswerBeforeGivingUp() throws Exception {
    String marker = provider.script("malformed-json");

    stack.generate(stack.demoKey(), "malformed-" + UUID.randomUUID(), request(marker));

    List<JsonNode> calls = provider.received(marker);
    JsonNode repair = calls.get(1).get("messages");
    assertThat(repair.get(2).get("role").asString()).isEqualTo("assistant");
    assertThat(repair.get(2).get("content").asString()).startsWith("Вот карточка товара:\n```json");
    assertThat(repair.get(3).toString())
        .contains("not the JSON object the response schema defines");
  }

  /**
   * Models put JSON in a markdown code block when no response format holds them to bare JSON: a
   * whole answer that is one such block is read from inside, at the first call, and charged once.
   */
  @Test
  void takesACardInACodeFenceAtTheFirstCall() throws Exception {
    long balance = stack.account(stack.demoAccountId()).get("balance").asLong();
    String marker = provider.script("fenced-card");
    String key = "fenced-" + UUID.randomUUID();

    TestStack.Response response = stack.generate(stack.demoKey(), key, request(marker));

    assertThat(response.status()).as(response.toString()).isEqualTo(200);
    assertThat(response.json().get("data").get("description").asString())
        .startsWith("Керамическая кружка")
        .doesNotContain("```");
    assertThat(provider.received(marker)).as("no repair round").hasSize(1);
    assertThat(stack.account(stack.demoAccountId()).get("balance").asLong()).isEqualTo(balance - 1);
    assertThat(ledger(key)).containsExactlyInAnyOrder("RESERVE", "CHARGE");
  }

  @Test
  void retriesARateLimitWithBackoffAndChargesTheCardOnce() throws Exception {
    long balance = stack.account(stack.demoAccountId()).get("balance").asLong();
    String marker = provider.script("rate-limit-429", ScriptedOpenAi.SIMULATOR);
    String key = "retried-" + UUID.randomUUID();

    TestStack.Response response = stack.generate(stack.demoKey(), key, request(marker));

    assertThat(response.status()).as(response.toString()).isEqualTo(200);
    assertThat(provider.received(marker)).hasSize(2);
    JsonNode account = stack.account(stack.demoAccountId());
    assertThat(account.get("balance").asLong()).isEqualTo(balance - 1);
    assertThat(account.get("reserved").asLong()).isZero();
    assertThat(ledger(key)).containsExactlyInAnyOrder("RESERVE", "CHARGE");
  }

  @Test
  void retriesAn503AfterItsRetryAfterAndChargesTheCardOnce() throws Exception {
    long balance = stack.account(stack.demoAccountId()).get("balance").asLong();
    String marker = provider.script(ScriptedOpenAi.SIMULATOR);
    String key = "unavailable-" + UUID.randomUUID();

    TestStack.Response response =
        stack.generate(stack.demoKey(), key, request(marker + " [sim:unavailable=1,1]"));

    assertThat(response.status()).as(response.toString()).isEqualTo(200);
    assertThat(provider.received(marker)).hasSize(2);
    assertThat(provider.answered(marker).get(0).path("error").path("type").asString())
        .isEqualTo("server_error");
    // The backoff here is 20 ms: only the 503's Retry-After: 1 holds the retry back a second.
    assertThat(provider.gapsBetweenCalls(marker).get(0))
        .isGreaterThanOrEqualTo(Duration.ofSeconds(1));
    JsonNode account = stack.account(stack.demoAccountId());
    assertThat(account.get("balance").asLong()).isEqualTo(balance - 1);
    assertThat(account.get("reserved").asLong()).isZero();
    assertThat(ledger(key)).containsExactlyInAnyOrder("RESERVE", "CHARGE");
  }

  private static String request(String marker) {
    return """
        {"image_url": "%s", "short_description": "Керамическая кружка 350 мл %s",
         "style": "standard", "length": 300, "features": false, "audience": false}
        """
        .formatted(Banner.SAMPLE_PHOTO, marker);
  }

  private static void assertCreditReleased(String key, JsonNode before, String code)
      throws Exception {
    JsonNode after = stack.account(stack.demoAccountId());
    assertThat(after.get("balance").asLong()).isEqualTo(before.get("balance").asLong());
    assertThat(after.get("reserved").asLong()).isZero();
    Map<String, Object> job =
        stack
            .jdbc()
            .sql("SELECT state, credit_state, error_code FROM jobs WHERE idempotency_key = :key")
            .param("key", key)
            .query()
            .singleRow();
    assertThat(job)
        .containsEntry("state", "FAILED")
        .containsEntry("credit_state", "RELEASED")
        .containsEntry("error_code", code);
    assertThat(ledger(key)).containsExactlyInAnyOrder("RESERVE", "RELEASE");
  }

  private static List<String> ledger(String key) {
    return stack
        .jdbc()
        .sql(
            """
            SELECT l.kind FROM credit_ledger l JOIN jobs j ON j.id = l.job_id
            WHERE j.idempotency_key = :key
            """)
        .param("key", key)
        .query(String.class)
        .list();
  }
}
