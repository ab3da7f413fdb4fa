package io.cardgen.standalone.simulator;

import static io.cardgen.standalone.simulator.CardRequestBuilder.aCardRequest;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.cardgen.standalone.simulator.SimulatorClient.Response;
import java.time.Duration;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;

class LlmSimulatorDirectivesTest {

  private static final String PRODUCT = "Leather wallet with a coin pocket ";

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
  void refusesWithRefusalAndNoContent() {
    Response response = client.complete(withDirective("[sim:refuse]"));

    assertThat(response.status()).isEqualTo(200);
    assertThat(response.message().path("content").isNull()).isTrue();
    assertThat(response.message().path("refusal").stringValue())
        .isEqualTo("I can't help with that.");
    assertThat(response.finishReason()).isEqualTo("stop");
  }

  @Test
  void truncatesWithLengthFinishAndAnUnparsablePrefix() {
    Response response = client.complete(withDirective("[sim:truncate]").withPhotoParts());

    assertThat(response.status()).isEqualTo(200);
    assertThat(response.finishReason()).isEqualTo("length");
    assertThat(response.content()).startsWith("{\"description\":\"");
    assertThatThrownBy(response::card).isInstanceOf(JacksonException.class);
  }

  @Test
  void answersEmptyContent() {
    Response response = client.complete(withDirective("[sim:empty]"));

    assertThat(response.status()).isEqualTo(200);
    assertThat(response.content()).isEmpty();
    assertThat(response.finishReason()).isEqualTo("stop");
  }

  @Test
  void answersJsonThatBreaksTheSchema() {
    Response response = client.complete(withDirective("[sim:invalid]"));

    assertThat(response.status()).isEqualTo(200);
    assertThat(response.finishReason()).isEqualTo("stop");
    assertThat(response.card().isObject()).isTrue();
    assertThat(response.card().has("description")).isFalse();
  }

  @Test
  void writesFarTooShortDescriptionsEveryTime() {
    for (int attempt = 0; attempt < 3; attempt++) {
      JsonNode card = client.complete(withDirective("[sim:short]").withLength(1000)).card();

      assertThat(card.propertyNames())
          .containsExactly("description", "features", "audience", "headers", "slogans");
      assertThat(card.path("description").stringValue().length()).isBetween(1, 200);
    }
  }

  @Test
  void writesTooShortOnlyUntilTheWorkerAsksForARepair() {
    CardRequestBuilder request = withDirective("[sim:short-once]").withLength(1000);
    Response first = client.complete(request);

    Response repaired = client.complete(request.asRepairOf(first.content()));

    assertThat(first.card().path("description").stringValue().length()).isBetween(1, 200);
    assertThat(repaired.card().path("description").stringValue().length()).isBetween(800, 1150);
  }

  @Test
  void statesAnInventedVolumeOnlyUntilTheWorkerAsksForARepair() {
    CardRequestBuilder request = withDirective("[sim:invent]").withLength(300);
    Response first = client.complete(request);

    Response repaired = client.complete(request.asRepairOf(first.content()));

    String invented = first.card().path("description").stringValue();
    assertThat(invented).startsWith("Holds 999 ml. ");
    assertThat(invented.length()).isBetween(240, 300);
    assertThat(repaired.card().path("description").stringValue()).doesNotContain("999");
    assertThat(
            client
                .complete(aCardRequest().withShortDescription("Кружка [sim:invent]"))
                .card()
                .path("description")
                .stringValue())
        .startsWith("Объём 999 мл. ");
  }

  @Test
  void failsWithHttp500AndAnOpenAiError() {
    Response response = client.complete(withDirective("[sim:fail]"));

    assertThat(response.status()).isEqualTo(500);
    assertThat(response.body().path("error").path("message").stringValue()).isNotBlank();
    assertThat(response.body().path("error").path("type").stringValue()).isEqualTo("server_error");
  }

  @Test
  void answersTheCardsFirstCallsWith503AndRetryAfterThenNormally() {
    CardRequestBuilder request = withDirective("[sim:unavailable=2,3] first-outage");

    Response first = client.complete(request);
    Response second = client.complete(request);
    Response third = client.complete(request);

    for (Response refused : new Response[] {first, second}) {
      assertThat(refused.status()).isEqualTo(503);
      assertThat(refused.headers().firstValue("Retry-After")).hasValue("3");
      assertThat(refused.body().path("error").path("type").stringValue()).isEqualTo("server_error");
    }
    assertThat(third.status()).isEqualTo(200);
    assertThat(third.headers().firstValue("Retry-After")).isEmpty();
    assertThat(third.card().propertyNames()).contains("description", "features");
  }

  @Test
  void countsTheUnavailableCallsOfEachCardApart() {
    assertThat(client.complete(withDirective("[sim:unavailable=1,1] card-a")).status())
        .isEqualTo(503);
    assertThat(client.complete(withDirective("[sim:unavailable=1,1] card-b")).status())
        .isEqualTo(503);
    assertThat(client.complete(withDirective("[sim:unavailable=1,1] card-a")).status())
        .isEqualTo(200);
  }

  @Test
  void answersTheBehaviourOnceTheUnavailableCallsAreSpent() {
    CardRequestBuilder request = withDirective("[sim:unavailable=1,1] [sim:refuse] refusing");

    assertThat(client.complete(request).status()).isEqualTo(503);
    Response response = client.complete(request);

    assertThat(response.status()).isEqualTo(200);
    assertThat(response.message().path("refusal").stringValue()).isNotBlank();
  }

  @Test
  void readsUnavailableOnlyWithBothCallsAndSeconds() {
    assertThat(Directives.in("x [sim:unavailable=2,5]").unavailable())
        .hasValue(new Directives.Unavailable(2, Duration.ofSeconds(5)));
    assertThat(Directives.in("x [sim:unavailable=2]").unavailable()).isEmpty();
    assertThat(Directives.in("x [sim:unavailable=2]").behaviour())
        .isEqualTo(Directives.Behaviour.NORMAL);
    assertThat(Directives.in("x [sim:slow=2,5]").delay()).isEqualTo(AnswerDelay.CONFIGURED);
    assertThat(Directives.strip("x [sim:unavailable=2,5] y")).isEqualTo("x y");
  }

  @Test
  void answersNormallyButLaterWhenSlow() {
    long started = System.nanoTime();
    Response response = client.complete(withDirective("[sim:slow=400]"));
    Duration elapsed = Duration.ofNanos(System.nanoTime() - started);

    assertThat(elapsed).isGreaterThanOrEqualTo(Duration.ofMillis(400));
    assertThat(response.finishReason()).isEqualTo("stop");
    assertThat(response.card().propertyNames()).contains("description", "features");
  }

  @Test
  @Timeout(30) // the configured ten minutes would otherwise hang the build
  void answersAfterTheRequestedLatencyInsteadOfTheConfiguredOne() {
    try (LlmSimulator slowSimulator = LlmSimulator.start("127.0.0.1", 0, Duration.ofMinutes(10))) {
      Response response =
          new SimulatorClient(slowSimulator).complete(withDirective("[sim:latency=0]"));

      assertThat(response.finishReason()).isEqualTo("stop");
    }
  }

  @Test
  void answersAfterTheSlowDelayInsteadOfTheConfiguredLatency() {
    Duration configured = Duration.ofSeconds(2);

    assertThat(Directives.in("text [sim:slow=7]").delay().after(configured))
        .isEqualTo(Duration.ofMillis(7));
    assertThat(Directives.in("[sim:slow=7] text [sim:latency=5]").delay().after(configured))
        .isEqualTo(Duration.ofMillis(7));
    assertThat(Directives.in("[sim:latency=5000] text [sim:slow=7]").delay().after(configured))
        .isEqualTo(Duration.ofMillis(5000));
    assertThat(Directives.in("text").delay().after(configured)).isEqualTo(configured);
  }

  @Test
  void keepsDirectivesOutOfTheCard() {
    for (String directive :
        new String[] {"[sim:slow=1]", "[sim:short]", "[SIM:SLOW=1]", "[sim:latency=1]"}) {
      Response response = client.complete(withDirective(directive).withLength(200));

      assertThat(response.content()).doesNotContainIgnoringCase("sim:");
      assertThat(response.card().path("description").stringValue()).doesNotContain("[", "]");
    }
  }

  @Test
  void takesTheFirstOfSeveralBehaviours() {
    Response response = client.complete(withDirective("[sim:empty] [sim:fail] [sim:slow=10]"));

    assertThat(response.status()).isEqualTo(200);
    assertThat(response.content()).isEmpty();
  }

  @Test
  void rejectsMalformedJsonWithAnOpenAiError() {
    Response response = client.post("/chat/completions", "{\"model\": ");

    assertThat(response.status()).isEqualTo(400);
    assertThat(response.body().path("error").path("type").stringValue())
        .isEqualTo("invalid_request_error");
    assertThat(response.body().path("error").path("message").stringValue()).isNotBlank();
  }

  @Test
  void rejectsJsonWithoutMessages() {
    Response response = client.post("/chat/completions", "{\"model\":\"gpt-4o-mini\"}");

    assertThat(response.status()).isEqualTo(400);
    assertThat(response.body().path("error").path("type").stringValue())
        .isEqualTo("invalid_request_error");
  }

  @Test
  void answersOtherPathsAndMethodsWith404() {
    assertThat(client.get("/models").status()).isEqualTo(404);
    assertThat(client.get("/chat/completions").status()).isEqualTo(404);
    Response unknown = client.post("/embeddings", "{}");
    assertThat(unknown.status()).isEqualTo(404);
    assertThat(unknown.body().path("error").path("message").stringValue()).isNotBlank();
  }

  private static CardRequestBuilder withDirective(String directive) {
    return aCardRequest().withShortDescription(PRODUCT + directive).withAllBlocks();
  }
}
