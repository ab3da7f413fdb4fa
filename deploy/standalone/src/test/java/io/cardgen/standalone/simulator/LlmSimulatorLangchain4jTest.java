package io.cardgen.standalone.simulator;

import static io.cardgen.standalone.simulator.CardRequestBuilder.aCardRequest;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.langchain4j.data.message.ImageContent;
import dev.langchain4j.data.message.SystemMessage;
import dev.langchain4j.data.message.TextContent;
import dev.langchain4j.data.message.UserMessage;
import dev.langchain4j.exception.ContentFilteredException;
import dev.langchain4j.exception.InternalServerException;
import dev.langchain4j.model.chat.request.ResponseFormat;
import dev.langchain4j.model.chat.request.ResponseFormatType;
import dev.langchain4j.model.chat.request.json.JsonRawSchema;
import dev.langchain4j.model.chat.request.json.JsonSchema;
import dev.langchain4j.model.chat.response.ChatResponse;
import dev.langchain4j.model.openai.OpenAiChatModel;
import dev.langchain4j.model.output.FinishReason;
import java.time.Duration;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/** The worker reaches the simulator through langchain4j's OpenAI client; so does this test. */
class LlmSimulatorLangchain4jTest {

  private static LlmSimulator simulator;
  private static OpenAiChatModel model;

  @BeforeAll
  static void start() {
    simulator = LlmSimulator.start("127.0.0.1", 0, Duration.ZERO);
    model =
        OpenAiChatModel.builder()
            .baseUrl(simulator.baseUrl().toString())
            .apiKey("simulator")
            .modelName("gpt-4o-mini")
            .strictJsonSchema(true)
            .maxRetries(0)
            .timeout(Duration.ofSeconds(10))
            .build();
  }

  @AfterAll
  static void stop() {
    simulator.close();
  }

  @Test
  void writesTheCardTheSchemaAsksFor() {
    ChatResponse response =
        chat(aCardRequest().withShortDescription("Плед из шерсти альпаки").withAllBlocks());

    JsonNode card = Json.MAPPER.readTree(response.aiMessage().text());
    assertThat(card.propertyNames())
        .containsExactly("description", "features", "audience", "headers", "slogans");
    assertThat(card.path("features").values()).hasSize(5);
    assertThat(card.path("description").stringValue()).containsIgnoringCase("плед");
    assertThat(response.finishReason()).isEqualTo(FinishReason.STOP);
    assertThat(response.tokenUsage().totalTokenCount()).isPositive();
  }

  @Test
  void reportsTruncationAsLengthFinish() {
    ChatResponse response = chat(aCardRequest().withShortDescription("Mug [sim:truncate]"));

    assertThat(response.finishReason()).isEqualTo(FinishReason.LENGTH);
  }

  @Test
  void reportsRefusalAsContentFiltered() {
    // langchain4j turns an OpenAI "refusal" into this exception; the worker maps it to
    // generation_refused.
    assertThatThrownBy(() -> chat(aCardRequest().withShortDescription("Mug [sim:refuse]")))
        .isInstanceOf(ContentFilteredException.class)
        .hasMessage(SimulatedModel.REFUSAL);
  }

  @Test
  void reportsEmptyContentAsEmptyText() {
    ChatResponse response = chat(aCardRequest().withShortDescription("Mug [sim:empty]"));

    assertThat(response.aiMessage().text()).isNullOrEmpty();
  }

  @Test
  void reportsFailureAsServerError() {
    assertThatThrownBy(() -> chat(aCardRequest().withShortDescription("Mug [sim:fail]")))
        .isInstanceOf(InternalServerException.class);
  }

  private static ChatResponse chat(CardRequestBuilder card) {
    JsonSchema schema =
        JsonSchema.builder()
            .name("product_card")
            .rootElement(JsonRawSchema.from(Json.MAPPER.writeValueAsString(card.schema())))
            .build();
    return model.chat(
        dev.langchain4j.model.chat.request.ChatRequest.builder()
            .messages(
                SystemMessage.from("You write product cards. Answer with JSON only."),
                UserMessage.from(
                    TextContent.from(card.userText()),
                    ImageContent.from(
                        "/9j/4AAQSkZJRgABAQAAAQABAAD/2wBDAAgGBgcGBQg=", "image/jpeg")))
            .responseFormat(
                ResponseFormat.builder().type(ResponseFormatType.JSON).jsonSchema(schema).build())
            .build());
  }
}
