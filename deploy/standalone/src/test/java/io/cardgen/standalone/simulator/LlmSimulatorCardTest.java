package io.cardgen.standalone.simulator;

import static io.cardgen.standalone.simulator.CardRequestBuilder.aCardRequest;
import static org.assertj.core.api.Assertions.assertThat;

import io.cardgen.standalone.simulator.SimulatorClient.Response;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import tools.jackson.databind.JsonNode;

class LlmSimulatorCardTest {

  private static final String ENGLISH = "Ceramic coffee mug with a matte glaze and a wide handle";
  private static final String RUSSIAN = "Керамическая кружка с матовой глазурью и широкой ручкой";

  private static LlmSimulator simulator;
  private static SimulatorClient client;

  @BeforeAll
  static void start() {
    simulator = LlmSimulator.start("127.0.0.1", 0, Duration.ZERO);
    client = new SimulatorClient(simulator);
  }

  @AfterAll
  static void stop() {
    simulator.close();
  }

  @Test
  void answersInTheChatCompletionFormat() {
    Response response = client.complete(aCardRequest());

    assertThat(response.status()).isEqualTo(200);
    JsonNode body = response.body();
    assertThat(body.path("id").stringValue()).startsWith("chatcmpl-");
    assertThat(body.path("object").stringValue()).isEqualTo("chat.completion");
    assertThat(body.path("created").asLong()).isPositive();
    assertThat(body.path("model").stringValue()).isEqualTo("gpt-4o-mini");
    assertThat(response.message().path("role").stringValue()).isEqualTo("assistant");
    assertThat(response.finishReason()).isEqualTo("stop");
    JsonNode usage = body.path("usage");
    assertThat(usage.path("prompt_tokens").asInt()).isPositive();
    assertThat(usage.path("completion_tokens").asInt()).isPositive();
    assertThat(usage.path("total_tokens").asInt())
        .isEqualTo(usage.path("prompt_tokens").asInt() + usage.path("completion_tokens").asInt());
  }

  @Test
  void writesExactlyTheBlocksAndItemCountsOfTheSchema() {
    JsonNode card = client.complete(aCardRequest().withAllBlocks()).card();

    assertThat(card.propertyNames())
        .containsExactly("description", "features", "audience", "headers", "slogans");
    assertNonEmptyLines(card.path("features"), 5);
    assertNonEmptyLines(card.path("headers"), 3);
    assertNonEmptyLines(card.path("slogans"), 4);
    assertThat(card.path("audience").stringValue()).isNotBlank().doesNotContain("\n");
  }

  @Test
  void leavesOutBlocksTheSchemaLacks() {
    JsonNode card = client.complete(aCardRequest().withFeatures(14)).card();

    assertThat(card.propertyNames()).containsExactly("description", "features");
    assertNonEmptyLines(card.path("features"), 14);
  }

  @Test
  void writesOnlyTheDescriptionWithoutResponseFormat() {
    JsonNode card = client.complete(aCardRequest().withoutResponseFormat()).card();

    assertThat(card.propertyNames()).containsExactly("description");
  }

  @ParameterizedTest(name = "{0} characters from \"{1}\"")
  @CsvSource({
    "200, " + ENGLISH,
    "300, " + ENGLISH,
    "1000, " + ENGLISH,
    "3000, " + ENGLISH,
    "200, " + RUSSIAN,
    "300, " + RUSSIAN,
    "1000, " + RUSSIAN,
    "3000, " + RUSSIAN
  })
  void writesTheRequestedDescriptionLength(int length, String shortDescription) {
    for (CardRequestBuilder request :
        List.of(
            aCardRequest().withShortDescription(shortDescription).withLength(length),
            aCardRequest()
                .withShortDescription(shortDescription)
                .withLength(length)
                .withPhotoParts())) {
      String description =
          client.complete(request.withAllBlocks()).card().path("description").stringValue();

      // The service accepts 80–115%; the simulator promises the narrower 90–105%.
      assertThat(description.codePointCount(0, description.length()))
          .isBetween(length * 90 / 100, length * 105 / 100);
      assertThat(description).doesNotContain("**");
    }
  }

  @Test
  void usesTheDefaultLengthWhenThePromptStatesNone() {
    String description =
        client.complete(aCardRequest().withLength(null)).card().path("description").stringValue();

    assertThat(description.codePointCount(0, description.length())).isBetween(270, 315);
  }

  @Test
  void writesRussianForCyrillicInput() {
    JsonNode card =
        client.complete(aCardRequest().withShortDescription(RUSSIAN).withAllBlocks()).card();

    assertThat(texts(card)).allSatisfy(text -> assertThat(text).doesNotContainPattern("[A-Za-z]"));
    assertThat(card.path("description").stringValue()).containsIgnoringCase("керамическая кружка");
  }

  @Test
  void writesEnglishForLatinInput() {
    JsonNode card =
        client.complete(aCardRequest().withShortDescription(ENGLISH).withAllBlocks()).card();

    assertThat(texts(card))
        .allSatisfy(text -> assertThat(text).doesNotContainPattern("\\p{IsCyrillic}"));
    assertThat(card.path("description").stringValue()).contains("coffee mug");
  }

  @Test
  void inventsNoNumbersAndNoMarkdownBold() {
    JsonNode card =
        client
            .complete(
                aCardRequest()
                    .withShortDescription("**Handmade** linen apron, *soft* and washable")
                    .withLength(3000)
                    .withAllBlocks())
            .card();

    assertThat(texts(card))
        .allSatisfy(text -> assertThat(text).doesNotContainPattern("\\d").doesNotContain("**"));
  }

  @Test
  void writesTheSameCardForTheSameInputAndAnotherForAnother() {
    String first = client.complete(aCardRequest().withShortDescription(ENGLISH)).content();
    String again = client.complete(aCardRequest().withShortDescription(ENGLISH)).content();
    String other =
        client.complete(aCardRequest().withShortDescription("Oak cutting board")).content();

    assertThat(again).isEqualTo(first);
    assertThat(other).isNotEqualTo(first);
  }

  private static void assertNonEmptyLines(JsonNode list, int count) {
    assertThat(list.isArray()).isTrue();
    assertThat(list.values())
        .hasSize(count)
        .allSatisfy(item -> assertThat(item.stringValue()).isNotBlank().doesNotContain("\n"));
  }

  private static List<String> texts(JsonNode card) {
    List<String> texts = new ArrayList<>();
    for (JsonNode block : card.values()) {
      if (block.isArray()) {
        block.values().forEach(item -> texts.add(item.stringValue()));
      } else {
        texts.add(block.stringValue());
      }
    }
    return texts;
  }
}
