package io.cardgen.standalone;

import static io.cardgen.standalone.RequestBodies.aRequest;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/**
 * The card of spec §2.2 as a client receives it: timestamp format, Russian style names, the
 * description's length, and which blocks are filled by default, on request and by plan.
 */
class CardResponseIT {

  private static TestStack stack;
  private static PublicApi api;
  private static Tenants.Tenant full;
  private static Tenants.Tenant bare;

  @BeforeAll
  static void tenants() throws Exception {
    stack = SharedStack.get();
    api = PublicApi.of(stack);
    full = Tenants.account(stack, Tenants.aFullPlan().create(stack), 50);
    bare = Tenants.account(stack, Tenants.aBarePlan().create(stack), 50);
  }

  private static JsonNode card(Tenants.Tenant tenant, RequestBodies body) throws Exception {
    TestStack.Response response = api.post(tenant.apiKey(), body.json());
    assertThat(response.status()).as(response.toString()).isEqualTo(200);
    JsonNode card = response.json().get("data");
    assertThat(card.get("created_at").asString())
        .matches("\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}\\.\\d{6}Z");
    String description = card.get("description").asString();
    assertThat(card.get("description_length").asInt())
        .isEqualTo(description.codePointCount(0, description.length()));
    return card;
  }

  @Test
  void fillsFeaturesAndAudienceByDefaultAndLeavesHeadersAndSlogansOff() throws Exception {
    JsonNode card = card(full, aRequest());

    assertThat(card.get("features")).hasSize(5);
    assertThat(card.get("audience").asString()).isNotBlank();
    assertThat(card.get("headers").isArray()).isTrue();
    assertThat(card.get("headers")).isEmpty();
    assertThat(card.get("slogans")).isEmpty();
  }

  @Test
  void switchesBlocksOnAndOffAsRequested() throws Exception {
    JsonNode card =
        card(
            full,
            aRequest()
                .with("features", "false")
                .with("audience", "false")
                .with("headers", "true")
                .with("slogans", "\"slogans\""));

    assertThat(card.get("features")).isEmpty();
    assertThat(card.get("audience").isNull()).isTrue();
    assertThat(card.get("headers")).hasSize(3);
    assertThat(card.get("slogans")).hasSize(3);
  }

  @Test
  void leavesEveryBlockThePlanLacksEmpty() throws Exception {
    JsonNode card = card(bare, aRequest().with("headers", "false").with("features", "false"));

    assertThat(card.get("features")).isEmpty();
    assertThat(card.get("audience").isNull()).isTrue();
    assertThat(card.get("headers")).isEmpty();
    assertThat(card.get("slogans")).isEmpty();
  }

  @Test
  void namesEveryStyleInRussianEachDifferently() throws Exception {
    Map<String, String> names = new LinkedHashMap<>();
    for (String style :
        new String[] {"standard", "playful", "marketing", "friendly", "storytelling"}) {
      JsonNode card = card(full, aRequest().with("style", RequestBodies.string(style)));
      assertThat(card.get("style").asString()).isEqualTo(style);
      names.put(style, card.get("style_name").asString());
    }

    assertThat(names)
        .containsExactly(
            Map.entry("standard", "Стандартный"),
            Map.entry("playful", "Игривый"),
            Map.entry("marketing", "Маркетинговый"),
            Map.entry("friendly", "Дружелюбный"),
            Map.entry("storytelling", "Сторителлинг"));
  }

  @Test
  void defaultsTheLengthTo300CappedByThePlan() throws Exception {
    String capped = Tenants.aFullPlan().with("max_length", 250).create(stack);
    Tenants.Tenant short250 = Tenants.account(stack, capped, 5);

    card(full, aRequest().with("request_id", "\"default-length\""));
    card(short250, aRequest().with("request_id", "\"capped-length\""));

    assertThat(JobSpecs.of(stack, full.id(), "default-length").get("length").asInt())
        .isEqualTo(300);
    assertThat(JobSpecs.of(stack, short250.id(), "capped-length").get("length").asInt())
        .isEqualTo(250);
  }

  /** The spec a job was accepted with, as the gateway stored it for the worker. */
  static final class JobSpecs {
    private JobSpecs() {}

    static JsonNode of(TestStack stack, UUID account, String idempotencyKey) {
      String spec =
          stack
              .jdbc()
              .sql(
                  "SELECT spec::text FROM jobs WHERE account_id = :account AND idempotency_key = :key")
              .param("account", account)
              .param("key", idempotencyKey)
              .query(String.class)
              .single();
      return TestStack.JSON.readTree(spec);
    }
  }
}
