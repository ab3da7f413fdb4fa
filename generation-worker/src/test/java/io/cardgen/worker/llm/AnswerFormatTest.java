package io.cardgen.worker.llm;

import static io.cardgen.testsupport.OpenAiStub.completion;
import static io.cardgen.testsupport.OpenAiStub.error;
import static io.cardgen.worker.fixtures.CardSpecBuilder.aCardSpec;
import static org.assertj.core.api.Assertions.assertThat;

import dev.langchain4j.data.message.ImageContent.DetailLevel;
import dev.langchain4j.model.chat.request.ResponseFormat;
import io.cardgen.common.card.CardContent;
import io.cardgen.common.error.ErrorCode;
import io.cardgen.common.wire.CardSpec;
import io.cardgen.testsupport.OpenAiStub;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.io.IOException;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/**
 * The two ways of asking the provider for a card-shaped answer: the schema as the request's {@code
 * response_format} (the default), or, for a provider that refuses one there, a JSON object with the
 * schema in the prompt.
 */
class AnswerFormatTest {

  private static final List<PhotoInput> PHOTO =
      List.of(new PhotoInput(new byte[] {1, 2, 3}, "image/jpeg"));
  private static final CardSpec SPEC =
      aCardSpec().withLength(300).withFeatures(2).withAudience().build();

  private final OpenAiStub stub = newStub();
  private final PromptLibrary library = PromptLibrary.load("v4");

  @AfterEach
  void stop() {
    stub.close();
  }

  @Test
  void theDefaultSendsTheSchemaInTheRequestAndLeavesThePromptAsItWas() {
    CardPrompt prompt = new CardPrompt(library, DetailLevel.LOW, AnswerFormat.JSON_SCHEMA);

    assertThat(AnswerFormat.JSON_SCHEMA.responseFormat(SPEC).jsonSchema()).isNotNull();
    assertThat(prompt.userText(SPEC, 1))
        .isEqualTo(new CardPrompt(library, DetailLevel.LOW).userText(SPEC, 1))
        .doesNotContain(AnswerFormat.SCHEMA_IN_PROMPT);
  }

  @Test
  void jsonObjectAsksForAnObjectAndEndsThePromptWithTheSchemaTheRequestWouldCarry() {
    CardPrompt prompt = new CardPrompt(library, DetailLevel.LOW, AnswerFormat.JSON_OBJECT);

    ResponseFormat format = AnswerFormat.JSON_OBJECT.responseFormat(SPEC);
    assertThat(format).isEqualTo(ResponseFormat.JSON);
    List<String> lines = prompt.userText(SPEC, 1).lines().toList();
    assertThat(lines.get(lines.size() - 2)).isEqualTo(AnswerFormat.SCHEMA_IN_PROMPT);
    JsonNode schema = OpenAiStub.JSON.readTree(lines.get(lines.size() - 1));
    assertThat(schema.path("properties").propertyNames())
        .containsExactly("description", "features", "audience");
    assertThat(schema.path("properties").path("features").path("minItems").asInt()).isEqualTo(2);
    assertThat(schema.path("properties").path("features").path("maxItems").asInt()).isEqualTo(2);
    assertThat(schema.path("additionalProperties").asBoolean(true)).isFalse();
  }

  @Test
  void jsonObjectSendsTheRequestSuchAProviderTakesAndReadsItsAnswer() {
    String card =
        """
        {"description": "%s", "features": ["Cotton", "Midi"], "audience": "Women"}"""
            .formatted("x".repeat(300));
    stub.always(completion(card, "stop"));

    LlmOutcome outcome = writer(AnswerFormat.JSON_OBJECT).write(SPEC, PHOTO);

    assertThat(outcome).isInstanceOf(LlmOutcome.Generated.class);
    assertThat(((LlmOutcome.Generated) outcome).content())
        .isEqualTo(
            new CardContent("x".repeat(300), List.of("Cotton", "Midi"), "Women", null, null));
    JsonNode sent = stub.only().body();
    assertThat(sent.path("response_format").path("type").asString()).isEqualTo("json_object");
    assertThat(sent.path("response_format").has("json_schema")).isFalse();
    assertThat(sent.path("messages").get(1).path("content").get(0).path("text").asString())
        .contains(AnswerFormat.SCHEMA_IN_PROMPT);
  }

  /**
   * DeepSeek's answer to a schema: every card would fail alike, so the failure says the way out.
   */
  @Test
  void aProviderRefusingTheSchemaFailsTheCardNamingTheSetting() {
    stub.always(error(400, "This response_format type is unavailable now"));

    LlmOutcome outcome = writer(AnswerFormat.JSON_SCHEMA).write(SPEC, PHOTO);

    assertThat(outcome).isInstanceOf(LlmOutcome.Failed.class);
    LlmOutcome.Failed failed = (LlmOutcome.Failed) outcome;
    assertThat(failed.code()).isEqualTo(ErrorCode.GENERATION_FAILED);
    assertThat(failed.detail()).contains("HTTP 400", "CARDGEN_LLM_RESPONSE_FORMAT=json-object");
    assertThat(stub.received()).hasSize(1);
  }

  @Test
  void anotherRefusedRequestNamesNoSetting() {
    stub.always(error(400, "Invalid value for temperature"));

    LlmOutcome.Failed failed =
        (LlmOutcome.Failed) writer(AnswerFormat.JSON_SCHEMA).write(SPEC, PHOTO);

    assertThat(failed.detail()).contains("HTTP 400").doesNotContain("CARDGEN_LLM_RESPONSE_FORMAT");
  }

  private CardWriter writer(AnswerFormat format) {
    LlmProperties defaults = TestWriters.properties(stub, 0, Duration.ofSeconds(10));
    LlmProperties properties =
        new LlmProperties(
            defaults.baseUrl(),
            defaults.apiKey(),
            defaults.model(),
            defaults.timeout(),
            defaults.attemptTimeout(),
            defaults.maxRetries(),
            defaults.retryBackoff(),
            "v4",
            defaults.imageDetail(),
            format);
    return TestWriters.writer(properties, new SimpleMeterRegistry());
  }

  private static OpenAiStub newStub() {
    try {
      return new OpenAiStub();
    } catch (IOException e) {
      throw new IllegalStateException(e);
    }
  }
}
