package io.cardgen.standalone;

import static io.cardgen.standalone.RequestBodies.aRequest;
import static org.assertj.core.api.Assertions.assertThat;

import io.cardgen.standalone.simulator.LlmSimulator;
import io.cardgen.standalone.simulator.RequestRateLimit;
import io.cardgen.standalone.simulator.SimulatorProfile;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/**
 * A provider that answers 400 to a JSON schema in {@code response_format} and takes only {@code
 * json_object} (DeepSeek does): with {@code cardgen.llm.response-format=json-object} the worker
 * puts the card's schema into the prompt, and the cards come back whole, every block and count as
 * the plan and the request ask, at the first call.
 */
class ProviderWithoutJsonSchemaIT {

  private static LlmSimulator provider;
  private static TestStack stack;

  @BeforeAll
  static void start() throws Exception {
    provider =
        LlmSimulator.start(
            "127.0.0.1", 0, Duration.ZERO, SimulatorProfile.exact(), RequestRateLimit.NONE, false);
    stack =
        TestStack.start(
            Map.of("CARDGEN_LLM_BASE_URL", provider.baseUrl().toString()),
            "--cardgen.llm.base-url=" + provider.baseUrl(),
            "--cardgen.llm.api-key=simulator",
            "--cardgen.llm.model=cardgen-simulator",
            "--cardgen.llm.response-format=json-object");
  }

  @AfterAll
  static void stop() throws Exception {
    stack.close();
    provider.close();
  }

  @Test
  void cardsComeBackWholeWithTheSchemaInThePrompt() throws Exception {
    Tenants.Tenant tenant = Tenants.account(stack, Tenants.aFullPlan().create(stack), 5);
    long requestsBefore = provider.requestCount();

    TestStack.Response response =
        PublicApi.of(stack)
            .post(
                tenant.apiKey(), aRequest().with("headers", "true").with("slogans", "true").json());

    assertThat(response.status()).as(response.toString()).isEqualTo(200);
    JsonNode card = response.json().get("data");
    assertThat(card.get("description").asString()).isNotBlank();
    assertThat(card.get("features")).hasSize(5);
    assertThat(card.get("audience").asString()).isNotBlank();
    assertThat(card.get("headers")).hasSize(3);
    assertThat(card.get("slogans")).hasSize(3);
    assertThat(provider.requestCount() - requestsBefore)
        .as("one call: the first answer had every block, so no repair round was needed")
        .isEqualTo(1);
    assertThat(stack.account(tenant.id()).get("balance").asLong()).isEqualTo(4);
  }
}
