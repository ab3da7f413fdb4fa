package io.cardgen.standalone;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import software.amazon.awssdk.services.s3.S3Client;
import software.amazon.awssdk.services.s3.model.HeadObjectRequest;
import tools.jackson.databind.JsonNode;

/**
 * The whole path over HTTP against real PostgreSQL, Kafka and S3: request in, card out, one credit
 * charged; every simulator failure answered with its code and its credit released.
 */
class PipelineIT {

  private static TestStack stack;

  /**
   * The shared stack: these cases use the demo account with keys of their own, and each ends its
   * request before the next (a stack start saved).
   */
  @BeforeAll
  static void start() throws Exception {
    stack = SharedStack.get();
  }

  static String request(String description, int length) {
    return """
        {"image_url": "%s", "short_description": "%s", "style": "standard",
         "length": %d, "headers": true, "slogans": true}
        """
        .formatted(Banner.SAMPLE_PHOTO, description, length);
  }

  @Test
  void generatesACardChargingExactlyOneCredit() throws Exception {
    long before = stack.account(stack.demoAccountId()).get("balance").asLong();

    TestStack.Response response =
        stack.generate(
            stack.demoKey(), "pipeline-1", request("Керамическая кружка ручной работы", 300));

    assertThat(response.status()).as(response.toString()).isEqualTo(200);
    JsonNode envelope = response.json();
    assertThat(envelope.get("success").asBoolean()).isTrue();
    assertThat(envelope.get("error").isNull()).isTrue();
    JsonNode card = envelope.get("data");
    String description = card.get("description").asString();
    int length = description.codePointCount(0, description.length());
    assertThat(length).isBetween(240, 345);
    assertThat(card.get("description_length").asInt()).isEqualTo(length);
    assertThat(card.get("features")).hasSize(5);
    assertThat(card.get("audience").asString()).isNotBlank();
    assertThat(card.get("headers")).hasSize(3);
    assertThat(card.get("slogans")).hasSize(3);
    assertThat(card.get("style_name").asString()).isEqualTo("Стандартный");
    assertThat(card.get("created_at").asString())
        .matches("\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}\\.\\d{6}Z");
    assertThat(response.header("Idempotency-Key")).isEqualTo("pipeline-1");
    assertImagesStored(card.get("images"));

    JsonNode account = stack.account(stack.demoAccountId());
    assertThat(account.get("balance").asLong()).isEqualTo(before - 1);
    assertThat(account.get("reserved").asLong()).isZero();
  }

  private static void assertImagesStored(JsonNode images) {
    assertThat(images).hasSize(1);
    try (S3Client s3 = stack.s3()) {
      for (JsonNode image : images) {
        String key = image.asString();
        assertThat(key).matches("products/[^/]+/[^/]+\\.png");
        var head = s3.headObject(HeadObjectRequest.builder().bucket("cardgen").key(key).build());
        assertThat(head.contentLength()).isPositive();
      }
    }
  }

  @ParameterizedTest
  @CsvSource({
    "[sim:refuse], generation_refused",
    "[sim:truncate], generation_incomplete",
    "[sim:empty], generation_empty",
    "[sim:invalid], generation_invalid_response",
    "[sim:short], generation_invalid_response",
    "[sim:fail], generation_failed"
  })
  void answersEachSimulatorFailureWithItsCodeAndReleasesTheCredit(String directive, String code)
      throws Exception {
    JsonNode before = stack.account(stack.demoAccountId());

    TestStack.Response response =
        stack.generate(
            stack.demoKey(), "directive-" + UUID.randomUUID(), request("Кружка " + directive, 300));

    assertThat(response.status()).as(response.toString()).isEqualTo(502);
    assertThat(response.json().get("success").asBoolean()).isFalse();
    assertThat(response.json().get("code").asString()).isEqualTo(code);
    assertThat(response.json().get("message").asString()).isNotBlank();
    JsonNode after = stack.account(stack.demoAccountId());
    assertThat(after.get("balance").asLong()).isEqualTo(before.get("balance").asLong());
    assertThat(after.get("reserved").asLong()).isZero();
  }

  @Test
  void slowDirectiveStillProducesACard() throws Exception {
    TestStack.Response response =
        stack.generate(stack.demoKey(), null, request("Кружка [sim:slow=300]", 300));

    assertThat(response.status()).as(response.toString()).isEqualTo(200);
    assertThat(response.header("Idempotency-Key")).startsWith("srv-");
  }

  @Test
  void replaysTheCardForTheSameKeyWithoutChargingAgain() throws Exception {
    String body = request("Чайник из нержавеющей стали", 400);
    TestStack.Response first = stack.generate(stack.demoKey(), "replay-1", body);
    long balance = stack.account(stack.demoAccountId()).get("balance").asLong();

    TestStack.Response second = stack.generate(stack.demoKey(), "replay-1", body);

    assertThat(second.status()).isEqualTo(200);
    assertThat(second.json().get("data")).isEqualTo(first.json().get("data"));
    assertThat(stack.account(stack.demoAccountId()).get("balance").asLong()).isEqualTo(balance);
  }

  @Test
  void refusesAMissingApiKeyWithoutTouchingAnything() throws Exception {
    TestStack.Response response = stack.generate(null, null, request("Кружка", 300));

    assertThat(response.status()).isEqualTo(401);
    assertThat(response.json().get("code").asString()).isEqualTo("unauthorized");
  }

  @Test
  void answersMalformedInputWith422NeverA500() throws Exception {
    List<String> bodies = new ArrayList<>(List.of("[]", "{", "42", "{\"image_url\": 5}", "null"));
    bodies.add("{\"image_url\": \"x\", \"short_description\": \"a\", \"style\": \"unknown\"}");
    for (String body : bodies) {
      TestStack.Response response = stack.generate(stack.demoKey(), null, body);
      assertThat(response.status()).as(body).isEqualTo(422);
      assertThat(response.json().get("code").asString()).isEqualTo("invalid_parameters");
    }
  }
}
