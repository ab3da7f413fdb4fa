package io.cardgen.standalone.simulator;

import static io.cardgen.standalone.simulator.CardRequestBuilder.aCardRequest;
import static org.assertj.core.api.Assertions.assertThat;

import io.cardgen.standalone.simulator.SimulatorClient.Response;
import java.time.Duration;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * The simulator as a provider that takes no JSON schema in {@code response_format}, only {@code
 * json_object} (DeepSeek's kind): it refuses a schema there as such a provider does, and reads the
 * card's shape from the prompt, where the worker's {@code json-object} mode writes it.
 */
class LlmSimulatorJsonObjectTest {

  private static LlmSimulator simulator;
  private static SimulatorClient client;

  @BeforeAll
  static void start() {
    simulator =
        LlmSimulator.start(
            "127.0.0.1", 0, Duration.ZERO, SimulatorProfile.exact(), RequestRateLimit.NONE, false);
    client = new SimulatorClient(simulator);
  }

  @AfterAll
  static void stop() {
    simulator.close();
  }

  @Test
  void refusesAJsonSchemaInTheResponseFormatAsSuchAProviderDoes() {
    Response response = client.complete(aCardRequest().withAllBlocks());

    assertThat(response.status()).isEqualTo(400);
    assertThat(response.body().path("error").path("message").asString())
        .isEqualTo(ChatRequest.NO_JSON_SCHEMA);
    assertThat(response.body().path("error").path("type").asString())
        .isEqualTo("invalid_request_error");
  }

  @Test
  void writesTheBlocksAndCountsOfTheSchemaInThePrompt() {
    CardRequestBuilder card = aCardRequest().withAllBlocks();

    Response response = client.post("/chat/completions", asJsonObjectRequest(card, true));

    assertThat(response.status()).as(response.body().toString()).isEqualTo(200);
    JsonNode answer = Json.MAPPER.readTree(response.content());
    assertThat(answer.propertyNames())
        .containsExactly("description", "features", "audience", "headers", "slogans");
    assertThat(answer.path("features").values()).hasSize(5);
    assertThat(answer.path("headers").values()).hasSize(3);
    assertThat(answer.path("slogans").values()).hasSize(4);
  }

  /** Without the schema a model knows no blocks beyond the description, as before. */
  @Test
  void writesOnlyADescriptionWhenThePromptHasNoSchema() {
    Response response =
        client.post(
            "/chat/completions", asJsonObjectRequest(aCardRequest().withAllBlocks(), false));

    assertThat(response.status()).isEqualTo(200);
    assertThat(Json.MAPPER.readTree(response.content()).propertyNames())
        .containsExactly("description");
  }

  /** OpenAI's rule, kept so that a prompt that never says "JSON" is found before production. */
  @Test
  void refusesJsonObjectWhenNoMessageMentionsJson() {
    ObjectNode request =
        (ObjectNode) Json.MAPPER.readTree(asJsonObjectRequest(aCardRequest(), false));
    request.withArray("messages").forEach(message -> ((ObjectNode) message).put("content", "Hi"));

    Response response = client.post("/chat/completions", Json.MAPPER.writeValueAsString(request));

    assertThat(response.status()).isEqualTo(400);
    assertThat(response.body().path("error").path("message").asString())
        .isEqualTo(ChatRequest.JSON_NOT_MENTIONED);
  }

  /** The request the worker sends in its json-object mode: the schema as the prompt's last line. */
  private static String asJsonObjectRequest(CardRequestBuilder card, boolean schemaInPrompt) {
    ObjectNode request = (ObjectNode) Json.MAPPER.readTree(card.json());
    request.putObject("response_format").put("type", "json_object");
    if (schemaInPrompt) {
      ObjectNode user = (ObjectNode) request.withArray("messages").get(1);
      user.put(
          "content",
          user.path("content").asString()
              + "\n"
              + CardShape.SCHEMA_IN_PROMPT
              + "\n"
              + Json.MAPPER.writeValueAsString(card.schema()));
    }
    return Json.MAPPER.writeValueAsString(request);
  }
}
