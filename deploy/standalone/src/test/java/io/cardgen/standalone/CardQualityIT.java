package io.cardgen.standalone;

import static org.assertj.core.api.Assertions.assertThat;

import io.cardgen.common.request.Style;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;
import tools.jackson.databind.JsonNode;

/**
 * The quality gates of a card over the whole job path: every style in both languages reaches the
 * model with its guidance and the facts and comes back valid; a rejected first answer is repaired
 * once (one card, one charge, counted in the worker's Prometheus metrics) or fails; an invented
 * figure is never returned; each card stores what it cost and the tokens are exported.
 */
class CardQualityIT {

  private static final String MUG = "Керамическая кружка 350 мл";

  private static ScriptedOpenAi provider;
  private static TestStack stack;
  private static final HttpClient HTTP = HttpClient.newHttpClient();

  @BeforeAll
  static void start() throws Exception {
    provider = new ScriptedOpenAi(java.time.Duration.ofSeconds(1));
    stack =
        TestStack.start(
            Map.of("CARDGEN_LLM_BASE_URL", provider.baseUrl()),
            "--cardgen.llm.base-url=" + provider.baseUrl());
  }

  @AfterAll
  static void stop() {
    stack.close();
    provider.close();
  }

  static Stream<Arguments> stylesAndLanguages() {
    List<Arguments> cases = new ArrayList<>();
    for (Style style : Style.values()) {
      cases.add(
          Arguments.of(
              style,
              "Кружка ручной работы с широкой ручкой",
              Map.of("brand", "Nordic Clay", "material", "керамика", "weight", "350 г"),
              true));
      cases.add(
          Arguments.of(
              style,
              "Handmade mug with a wide handle",
              Map.of("brand", "Nordic Clay", "material", "stoneware", "weight", "350 g"),
              false));
    }
    return cases.stream();
  }

  @ParameterizedTest(name = "{0}, Russian: {3}")
  @MethodSource("stylesAndLanguages")
  void sendsEachStyleItsGuidanceAndTheFactsAndGetsAValidCard(
      Style style, String description, Map<String, String> facts, boolean russian)
      throws Exception {
    String marker = provider.script(ScriptedOpenAi.SIMULATOR);
    String key = "style-" + UUID.randomUUID();
    String body =
        """
        {"image_url": "%s", "short_description": "%s %s", "style": "%s", "length": 400,
         "headers": true, "slogans": true, "product_facts": %s}
        """
            .formatted(
                Banner.SAMPLE_PHOTO,
                description,
                marker,
                style.wireName(),
                TestStack.JSON.writeValueAsString(facts));

    TestStack.Response response = stack.generate(stack.demoKey(), key, body);

    assertThat(response.status()).as(response.toString()).isEqualTo(200);
    JsonNode card = response.json().get("data");
    assertThat(card.get("style").asString()).isEqualTo(style.wireName());
    assertThat(card.get("description_length").asInt()).isBetween(320, 460);
    assertThat(card.get("features")).hasSize(5);
    assertThat(card.get("audience").asString()).isNotBlank();
    assertThat(card.get("headers")).hasSize(3);
    assertThat(card.get("slogans")).hasSize(3);
    assertThat(card.get("description").asString().matches("(?s).*\\p{IsCyrillic}.*"))
        .as("written in the input's language")
        .isEqualTo(russian);

    List<JsonNode> sent = provider.received(marker);
    assertThat(sent).as("valid at the first attempt").hasSize(1);
    String userText = ScriptedOpenAi.firstUserText(sent.get(0));
    String version = cardRow(key).get("prompt_version").toString();
    assertThat(userText)
        .contains("Style: " + style.wireName())
        .contains(resource("prompts/" + version + "/styles/" + style.wireName() + ".txt"))
        .contains("Short description: " + description)
        .contains(
            "- brand: Nordic Clay",
            "- material: " + facts.get("material"),
            "- weight: " + facts.get("weight"));
    assertThat(sent.get(0).get("messages").get(0).get("content").asString())
        .isEqualTo(resource("prompts/" + version + "/system.txt"));
  }

  @Test
  void repairsATooShortFirstAnswerChargingOnceAndCountingTheRepair() throws Exception {
    long balance = stack.account(stack.demoAccountId()).get("balance").asLong();
    double repaired = validations("repaired");
    String marker = provider.script("too-short", ScriptedOpenAi.SIMULATOR);
    String key = "repair-" + UUID.randomUUID();

    TestStack.Response response = stack.generate(stack.demoKey(), key, descriptionOnly(marker));

    assertThat(response.status()).as(response.toString()).isEqualTo(200);
    assertThat(response.json().get("data").get("description_length").asInt()).isBetween(240, 345);
    assertThat(provider.received(marker)).hasSize(2);
    assertThat(ScriptedOpenAi.lastUserText(provider.received(marker).get(1)))
        .contains("description has 67 characters; 240 to 345 are allowed");
    assertThat(cardCount(key)).isEqualTo(1);
    assertThat(stack.account(stack.demoAccountId()).get("balance").asLong()).isEqualTo(balance - 1);
    assertThat(ledger(key)).containsExactlyInAnyOrder("RESERVE", "CHARGE");
    assertThat(validations("repaired")).isEqualTo(repaired + 1);
  }

  @Test
  void failsWithInvalidResponseWhenTheRepairIsTooShortToo() throws Exception {
    double failed = validations("failed");
    String marker = provider.script("too-short");
    String key = "unrepaired-" + UUID.randomUUID();

    TestStack.Response response = stack.generate(stack.demoKey(), key, descriptionOnly(marker));

    assertThat(response.status()).isEqualTo(502);
    assertThat(response.json().get("code").asString()).isEqualTo("generation_invalid_response");
    assertThat(provider.received(marker)).hasSize(2);
    assertThat(cardCount(key)).isZero();
    assertThat(ledger(key)).containsExactlyInAnyOrder("RESERVE", "RELEASE");
    assertThat(validations("failed")).isEqualTo(failed + 1);
  }

  @Test
  void repairsAnInventedVolumeAndNeverReturnsIt() throws Exception {
    String marker = provider.script("invented-volume", ScriptedOpenAi.SIMULATOR);

    TestStack.Response response =
        stack.generate(stack.demoKey(), "invented-" + UUID.randomUUID(), descriptionOnly(marker));

    assertThat(response.status()).as(response.toString()).isEqualTo(200);
    assertThat(response.json().get("data").get("description").asString()).doesNotContain("500");
    assertThat(ScriptedOpenAi.lastUserText(provider.received(marker).get(1)))
        .contains("description states \"500 мл\"");
  }

  @Test
  void rejectsAnInventedVolumeThatSurvivesTheRepair() throws Exception {
    String marker = provider.script("invented-volume");
    String key = "invented-" + UUID.randomUUID();

    TestStack.Response response = stack.generate(stack.demoKey(), key, descriptionOnly(marker));

    assertThat(response.status()).isEqualTo(502);
    assertThat(response.json().get("code").asString()).isEqualTo("generation_invalid_response");
    assertThat(response.toString()).doesNotContain("500 мл");
    assertThat(cardCount(key)).isZero();
    assertThat(ledger(key)).containsExactlyInAnyOrder("RESERVE", "RELEASE");
  }

  @Test
  void repairsACardInTheWrongLanguageByNamingTheLanguage() throws Exception {
    String marker = provider.script("english-card", ScriptedOpenAi.SIMULATOR);

    TestStack.Response response =
        stack.generate(stack.demoKey(), "english-" + UUID.randomUUID(), descriptionOnly(marker));

    assertThat(response.status()).as(response.toString()).isEqualTo(200);
    assertThat(response.json().get("data").get("description").asString())
        .containsPattern("\\p{IsCyrillic}{5}");
    List<JsonNode> sent = provider.received(marker);
    assertThat(sent).as("one repair").hasSize(2);
    assertThat(ScriptedOpenAi.lastUserText(sent.get(1)))
        .contains("the texts are in English, but the short description is in Russian")
        .contains("write every text in Russian");
  }

  @Test
  void failsACardThatStaysInTheWrongLanguageAndReleasesTheCredit() throws Exception {
    String marker = provider.script("english-card");
    String key = "english-" + UUID.randomUUID();

    TestStack.Response response = stack.generate(stack.demoKey(), key, descriptionOnly(marker));

    assertThat(response.status()).isEqualTo(502);
    assertThat(response.json().get("code").asString()).isEqualTo("generation_invalid_response");
    assertThat(provider.received(marker)).as("one repair, then no more").hasSize(2);
    assertThat(cardCount(key)).isZero();
    assertThat(ledger(key)).containsExactlyInAnyOrder("RESERVE", "RELEASE");
  }

  @ParameterizedTest
  @ValueSource(strings = {"[sim:short-once]", "[sim:invent]"})
  void repairsWhatTheSimulatorGetsWrongInItsFirstAnswer(String directive) throws Exception {
    String marker = provider.script(ScriptedOpenAi.SIMULATOR);
    String body = descriptionOnly(marker).replace(MUG, MUG + " " + directive);

    TestStack.Response response = stack.generate(stack.demoKey(), "sim-" + UUID.randomUUID(), body);

    assertThat(response.status()).as(response.toString()).isEqualTo(200);
    assertThat(response.json().get("data").get("description").asString()).doesNotContain("999");
    assertThat(provider.received(marker)).hasSize(2);
  }

  @Test
  void storesWhatEachCardCostAndExportsTheTokens() throws Exception {
    double prompt = tokens("prompt");
    double completion = tokens("completion");
    String marker = provider.script("too-short", ScriptedOpenAi.SIMULATOR);
    String key = "tokens-" + UUID.randomUUID();

    assertThat(stack.generate(stack.demoKey(), key, descriptionOnly(marker)).status())
        .isEqualTo(200);

    List<JsonNode> usage =
        provider.answered(marker).stream().map(answer -> answer.get("usage")).toList();
    long promptTokens = usage.stream().mapToLong(u -> u.get("prompt_tokens").asLong()).sum();
    long completionTokens =
        usage.stream().mapToLong(u -> u.get("completion_tokens").asLong()).sum();
    assertThat(usage).hasSize(2);
    Map<String, Object> card = cardRow(key);
    assertThat(((Number) card.get("prompt_tokens")).longValue()).isEqualTo(promptTokens);
    assertThat(((Number) card.get("completion_tokens")).longValue()).isEqualTo(completionTokens);
    assertThat(tokens("prompt")).isEqualTo(prompt + promptTokens);
    assertThat(tokens("completion")).isEqualTo(completion + completionTokens);
  }

  private static String descriptionOnly(String marker) {
    return """
        {"image_url": "%s", "short_description": "%s %s", "style": "standard",
         "length": 300, "features": false, "audience": false}
        """
        .formatted(Banner.SAMPLE_PHOTO, MUG, marker);
  }

  private static Map<String, Object> cardRow(String key) {
    return stack
        .jdbc()
        .sql(
            """
            SELECT c.prompt_version, c.prompt_tokens, c.completion_tokens
            FROM cards c JOIN jobs j ON j.id = c.job_id WHERE j.idempotency_key = :key
            """)
        .param("key", key)
        .query()
        .singleRow();
  }

  private static long cardCount(String key) {
    return stack
        .jdbc()
        .sql(
            "SELECT count(*) FROM cards c JOIN jobs j ON j.id = c.job_id"
                + " WHERE j.idempotency_key = :key")
        .param("key", key)
        .query(Long.class)
        .single();
  }

  private static List<String> ledger(String key) {
    return stack
        .jdbc()
        .sql(
            "SELECT l.kind FROM credit_ledger l JOIN jobs j ON j.id = l.job_id"
                + " WHERE j.idempotency_key = :key")
        .param("key", key)
        .query(String.class)
        .list();
  }

  private static double validations(String pass) throws Exception {
    return metric("cardgen_generation_validation_total", "pass=\"" + pass + "\"");
  }

  private static double tokens(String type) throws Exception {
    return metric("cardgen_llm_tokens_total", "type=\"" + type + "\"");
  }

  /** One sample of the worker's Prometheus scrape, as an operator's Prometheus would read it. */
  private static double metric(String name, String label) throws Exception {
    String port = stack.app.worker().getEnvironment().getProperty("local.server.port");
    HttpRequest request =
        HttpRequest.newBuilder(URI.create("http://localhost:" + port + "/actuator/prometheus"))
            .build();
    String scrape = HTTP.send(request, HttpResponse.BodyHandlers.ofString()).body();
    return scrape
        .lines()
        .filter(line -> line.startsWith(name + "{") && line.contains(label))
        .mapToDouble(line -> Double.parseDouble(line.substring(line.lastIndexOf(' ') + 1)))
        .sum();
  }

  private static String resource(String path) throws IOException {
    try (InputStream in = CardQualityIT.class.getClassLoader().getResourceAsStream(path)) {
      assertThat(in).as(path).isNotNull();
      return new String(in.readAllBytes(), StandardCharsets.UTF_8).strip();
    }
  }
}
