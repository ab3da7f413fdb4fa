package io.cardgen.standalone;

import static io.cardgen.standalone.RequestBodies.aRequest;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/**
 * A legacy and a current account side by side on the same plan, sending the same requests: each
 * gets its revision of the interface (spec §9).
 */
class RevisionsIT {

  private static TestStack stack;
  private static PublicApi api;
  private static String plan;
  private static Tenants.Tenant current;
  private static Tenants.Tenant legacy;

  @BeforeAll
  static void tenants() throws Exception {
    stack = SharedStack.get();
    api = PublicApi.of(stack);
    plan = Tenants.aFullPlan().create(stack);
    current = Tenants.account(stack, plan, 50);
    legacy = Tenants.legacyAccount(stack, plan, 50);
  }

  @Test
  void defaultsTheLengthTo300ForCurrentAnd350ForLegacy() throws Exception {
    TestStack.Response now = api.post(current.apiKey(), aRequest().json());
    TestStack.Response before = api.post(legacy.apiKey(), aRequest().json());

    assertThat(now.status()).isEqualTo(200);
    assertThat(before.status()).isEqualTo(200);
    assertThat(spec(current, now).get("length").asInt()).isEqualTo(300);
    assertThat(spec(legacy, before).get("length").asInt()).isEqualTo(350);
  }

  @Test
  void acceptsBalancedInBothAndMiddleOnlyInCurrent() throws Exception {
    String balanced = aRequest().with("creativity", "\"balanced\"").json();
    String middle = aRequest().with("creativity", "\"middle\"").json();

    assertThat(api.post(current.apiKey(), balanced).status()).isEqualTo(200);
    TestStack.Response legacyBalanced = api.post(legacy.apiKey(), balanced);
    assertThat(legacyBalanced.status()).isEqualTo(200);
    assertThat(spec(legacy, legacyBalanced).get("creativity").asString())
        .isEqualToIgnoringCase("middle");
    assertLegacyError(api.post(legacy.apiKey(), middle), "balanced");
  }

  @Test
  void enablesHeadersBySomeStringOnlyInLegacy() throws Exception {
    String yes = aRequest().with("headers", "\"yes\"").with("slogans", "\"да\"").json();

    TestStack.Response before = api.post(legacy.apiKey(), yes);
    TestStack.Response now = api.post(current.apiKey(), yes);

    assertThat(before.status()).isEqualTo(200);
    assertThat(before.json().at("/data/headers")).hasSize(3);
    assertThat(before.json().at("/data/slogans")).hasSize(3);
    assertThat(now.status()).isEqualTo(422);
    assertThat(now.json().get("code").asString()).isEqualTo("invalid_parameters");
  }

  @Test
  void answersEveryLegacyErrorAs400WithTheTextOnly() throws Exception {
    String broke = Tenants.legacyAccount(stack, plan, 0).apiKey();
    String bare = Tenants.legacyAccount(stack, Tenants.aBarePlan().create(stack), 5).apiKey();
    String noPlan = Tenants.legacyAccount(stack, null, 5).apiKey();
    String oneAMinute =
        Tenants.legacyAccount(
                stack, Tenants.aFullPlan().with("rate_limit_per_minute", 1).create(stack), 5)
            .apiKey();

    assertLegacyError(
        api.post(legacy.apiKey(), aRequest().with("style", "\"loud\"").json()), "style");
    assertLegacyError(api.post(legacy.apiKey(), "[]"), "JSON");
    assertLegacyError(
        api.post(legacy.apiKey(), aRequest().with("image_url", "\"x\"").json()), "image_url");
    assertLegacyError(api.post(broke, aRequest().json()), "кредитов");
    assertLegacyError(api.post(bare, aRequest().with("headers", "true").json()), "headers");
    assertLegacyError(api.post(noPlan, aRequest().json()), "тариф");
    assertLegacyError(
        new PublicApi(SharedStack.secondGateway().publicPort())
            .post(legacy.apiKey(), " ".repeat(SharedStack.SMALL_BODY_LIMIT_BYTES + 1)),
        "КиБ");
    api.post(oneAMinute, "{}");
    TestStack.Response limited = api.post(oneAMinute, "{}");
    assertLegacyError(limited, "в минуту");
    assertThat(limited.header("Retry-After")).matches("[1-9][0-9]*");
  }

  @Test
  void leavesTheNewerFieldsOutOfTheLegacyRequest() throws Exception {
    String newer =
        aRequest()
            .with("product_facts", "{\"price\": 5}")
            .with("keywords", "7")
            .with("features", "\"maybe\"")
            .with("audience", "null")
            .with("request_id", "\"not a key!\"")
            .json();

    TestStack.Response before = api.post(legacy.apiKey(), newer);
    TestStack.Response now = api.post(current.apiKey(), newer);

    assertThat(before.status()).as(before.toString()).isEqualTo(200);
    assertThat(before.json().at("/data/features")).hasSize(5);
    assertThat(spec(legacy, before).get("product_facts")).isEmpty();
    assertThat(spec(legacy, before).get("keywords")).isEmpty();
    assertThat(now.status()).isEqualTo(422);
  }

  @Test
  void ignoresTheIdempotencyKeyForLegacy() throws Exception {
    Map<String, String> key = Map.of("Idempotency-Key", "revision-key");
    String first = aRequest().json();
    String second = aRequest().with("style", "\"playful\"").json();

    TestStack.Response legacyFirst = api.post(legacy.apiKey(), key, first);
    TestStack.Response legacySecond = api.post(legacy.apiKey(), key, second);
    api.post(current.apiKey(), key, first);
    TestStack.Response currentSecond = api.post(current.apiKey(), key, second);

    assertThat(legacyFirst.status()).isEqualTo(200);
    assertThat(legacySecond.status()).isEqualTo(200);
    assertThat(legacySecond.json().at("/data/uid"))
        .isNotEqualTo(legacyFirst.json().at("/data/uid"));
    assertThat(currentSecond.status()).isEqualTo(409);
    assertThat(currentSecond.json().get("code").asString()).isEqualTo("idempotency_conflict");
  }

  private static JsonNode spec(Tenants.Tenant tenant, TestStack.Response response) {
    return CardResponseIT.JobSpecs.of(stack, tenant.id(), response.header("Idempotency-Key"));
  }

  private static void assertLegacyError(TestStack.Response response, String mentions) {
    assertThat(response.status()).as(response.toString()).isEqualTo(400);
    JsonNode body = response.json();
    assertThat(body.propertyNames()).containsExactlyInAnyOrder("success", "error");
    assertThat(body.get("success").asBoolean()).isFalse();
    assertThat(body.get("error").asString()).containsPattern("[А-Яа-я]{3}").contains(mentions);
  }
}
