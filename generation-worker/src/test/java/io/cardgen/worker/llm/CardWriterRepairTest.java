package io.cardgen.worker.llm;

import static io.cardgen.testsupport.OpenAiStub.completion;
import static io.cardgen.worker.fixtures.CardSpecBuilder.aCardSpec;
import static org.assertj.core.api.Assertions.assertThat;

import io.cardgen.common.error.ErrorCode;
import io.cardgen.common.wire.CardSpec;
import io.cardgen.testsupport.OpenAiStub;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Duration;
import java.time.Instant;
import java.time.InstantSource;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/** The one repair round: when it is asked for, what it tells the model, and what it counts. */
class CardWriterRepairTest {

  private static final List<PhotoInput> PHOTO =
      List.of(new PhotoInput(new byte[] {1, 2, 3}, "image/jpeg"));
  private static final CardSpec SPEC = aCardSpec().withLength(300).build();
  private static final String TOO_SHORT = "{\"description\": \"much too short\"}";
  private static final String MUG_350 = "Керамическая кружка 350 мл";

  /** A card of the right length for {@code MUG_350}, but in English. */
  private static final String ENGLISH_CARD =
      "{\"description\": \"%s\"}"
          .formatted(
              "A roomy ceramic mug for tea and coffee with a comfortable handle. "
                  .repeat(5)
                  .strip());

  private final OpenAiStub stub = newStub();
  private final MeterRegistry registry = new SimpleMeterRegistry();

  @AfterEach
  void stop() {
    stub.close();
  }

  @Test
  void acceptsAGoodFirstAnswerWithoutARepairAndCountsAFirstPass() {
    LlmOutcome outcome = writer().write(SPEC, PHOTO);

    assertThat(outcome).isInstanceOf(LlmOutcome.Generated.class);
    assertThat(stub.received()).hasSize(1);
    assertThat(passes()).containsExactly(1.0, 0.0, 0.0);
  }

  @Test
  void repairsATooShortFirstAnswerAndCountsTheRepair() {
    stub.answering(n -> n == 0 ? completion(TOO_SHORT, "stop") : null);

    LlmOutcome outcome = writer().write(SPEC, PHOTO);

    assertThat(outcome).isInstanceOf(LlmOutcome.Generated.class);
    LlmOutcome.Generated card = (LlmOutcome.Generated) outcome;
    assertThat(card.content().descriptionLength()).isEqualTo(300);
    assertThat(card.promptTokens()).as("both rounds are the card's cost").isEqualTo(2 * 1234);
    assertThat(card.completionTokens()).isEqualTo(2 * 321);
    assertThat(passes()).containsExactly(0.0, 1.0, 0.0);
  }

  @Test
  void showsTheModelItsAnswerAndPreciselyWhatWasWrong() {
    stub.answering(n -> n == 0 ? completion(TOO_SHORT, "stop") : null);

    writer().write(SPEC, PHOTO);

    JsonNode first = stub.received().get(0).body().get("messages");
    JsonNode second = stub.received().get(1).body().get("messages");
    assertThat(second).hasSize(4);
    assertThat(second.get(0)).isEqualTo(first.get(0));
    assertThat(second.get(1)).isEqualTo(first.get(1));
    assertThat(first.get(1).get("content").get(1).get("image_url").get("url").stringValue())
        .as("both rounds send the photo itself")
        .isEqualTo("data:image/jpeg;base64,AQID");
    assertThat(second.get(2).get("role").stringValue()).isEqualTo("assistant");
    assertThat(second.get(2).get("content").stringValue()).isEqualTo(TOO_SHORT);
    assertThat(second.get(3).get("role").stringValue()).isEqualTo("user");
    assertThat(text(second.get(3)))
        .contains("- description has 14 characters; 240 to 345 are allowed")
        .contains("between 240 and 345 characters");
    assertThat(stub.received().get(1).body().get("response_format"))
        .isEqualTo(stub.received().get(0).body().get("response_format"));
  }

  @Test
  void failsWithInvalidResponseWhenTheRepairIsStillTooShort() {
    stub.always(completion(TOO_SHORT, "stop"));

    LlmOutcome outcome = writer().write(SPEC, PHOTO);

    assertFailed(outcome, ErrorCode.GENERATION_INVALID_RESPONSE, "still breaks the rules");
    assertThat(stub.received()).as("exactly one repair").hasSize(2);
    assertThat(passes()).containsExactly(0.0, 0.0, 1.0);
  }

  @Test
  void repairsAnInventedVolumeAndReturnsOnlyTheGroundedCard() {
    CardSpec spec = aCardSpec().withShortDescription(MUG_350).withLength(300).build();
    String invented = "{\"description\": \"%s\"}".formatted(fitting("Кружка на 500 мл. "));
    stub.answering(n -> n == 0 ? completion(invented, "stop") : null);

    LlmOutcome outcome = writer().write(spec, PHOTO);

    assertThat(outcome).isInstanceOf(LlmOutcome.Generated.class);
    assertThat(((LlmOutcome.Generated) outcome).content().description()).doesNotContain("500");
    assertThat(text(stub.received().get(1).body().get("messages").get(3)))
        .contains("description states \"500 мл\"");
    assertThat(passes()).containsExactly(0.0, 1.0, 0.0);
  }

  @Test
  void rejectsAnInventedVolumeThatSurvivesTheRepair() {
    CardSpec spec = aCardSpec().withShortDescription(MUG_350).withLength(300).build();
    String invented = "{\"description\": \"%s\"}".formatted(fitting("Кружка на 500 мл. "));
    stub.always(completion(invented, "stop"));

    LlmOutcome outcome = writer().write(spec, PHOTO);

    assertFailed(outcome, ErrorCode.GENERATION_INVALID_RESPONSE, "\"500 мл\"");
    assertThat(passes()).containsExactly(0.0, 0.0, 1.0);
  }

  @Test
  void repairsACardInTheWrongLanguageTellingTheModelWhichLanguageToWrite() {
    CardSpec spec = aCardSpec().withShortDescription(MUG_350).withLength(300).build();
    stub.answering(n -> n == 0 ? completion(ENGLISH_CARD, "stop") : null);

    LlmOutcome outcome = writer().write(spec, PHOTO);

    assertThat(outcome).isInstanceOf(LlmOutcome.Generated.class);
    assertThat(((LlmOutcome.Generated) outcome).content().description()).startsWith("ддд");
    assertThat(stub.received()).as("exactly one repair").hasSize(2);
    assertThat(text(stub.received().get(1).body().get("messages").get(3)))
        .contains("- the texts are in English, but the short description is in Russian")
        .contains("write every text in Russian, keeping brand and model names as the input");
    assertThat(passes()).containsExactly(0.0, 1.0, 0.0);
    assertThat(firstViolations("wrong_language")).isEqualTo(1.0);
  }

  @Test
  void failsWithInvalidResponseWhenTheRepairIsStillInTheWrongLanguage() {
    CardSpec spec = aCardSpec().withShortDescription(MUG_350).withLength(300).build();
    stub.always(completion(ENGLISH_CARD, "stop"));

    LlmOutcome outcome = writer().write(spec, PHOTO);

    assertFailed(outcome, ErrorCode.GENERATION_INVALID_RESPONSE, "the texts are in English");
    assertThat(stub.received()).as("exactly one repair").hasSize(2);
    assertThat(passes()).containsExactly(0.0, 0.0, 1.0);
  }

  @Test
  void endsWithTheProviderFailureOfTheRepairRound() {
    stub.answering(
        n -> n == 0 ? completion(TOO_SHORT, "stop") : OpenAiStub.refusal("I can't help."));

    LlmOutcome outcome = writer().write(SPEC, PHOTO);

    assertFailed(outcome, ErrorCode.GENERATION_REFUSED, "I can't help.");
    assertThat(passes()).containsExactly(0.0, 0.0, 1.0);
  }

  @Test
  void skipsTheRepairWhenAFullAttemptNoLongerFitsTheBudget() {
    AtomicReference<Instant> now = new AtomicReference<>(Instant.parse("2026-01-01T00:00:00Z"));
    LlmProperties properties = TestWriters.properties(stub, 2, Duration.ofSeconds(10));
    CardWriter writer = LlmConfiguration.cardWriter(properties, now::get, registry);
    stub.answering(
        n -> {
          now.set(now.get().plusSeconds(25)); // budget 30 s: 5 s left, an attempt takes up to 10
          return completion(TOO_SHORT, "stop");
        });

    LlmOutcome outcome = writer.write(SPEC, PHOTO);

    assertFailed(outcome, ErrorCode.GENERATION_INVALID_RESPONSE, "no time left to repair");
    assertThat(stub.received()).hasSize(1);
    assertThat(passes()).containsExactly(0.0, 0.0, 1.0);
  }

  @Test
  void countsTheTokensOfEveryBilledAnswerEvenWhenTheCardFails() {
    stub.always(completion("{\"description\": \"cut", "length"));

    writer().write(SPEC, PHOTO);
    writer().write(SPEC, PHOTO);

    assertThat(tokens("prompt")).isEqualTo(2 * 1234);
    assertThat(tokens("completion")).isEqualTo(2 * 321);
    assertThat(passes()).as("never validated").containsExactly(0.0, 0.0, 0.0);
  }

  private CardWriter writer() {
    return TestWriters.writer(
        TestWriters.properties(stub, 2, Duration.ofSeconds(10)), registry, InstantSource.system());
  }

  /** The validation counters in the order first, repaired, failed. */
  private List<Double> passes() {
    return List.of("first", "repaired", "failed").stream()
        .map(
            pass ->
                registry
                    .get(LlmMetrics.VALIDATION)
                    .tag("pass", pass)
                    .tag("prompt_version", "v2")
                    .counter()
                    .count())
        .toList();
  }

  private double firstViolations(String rule) {
    return registry
        .get(LlmMetrics.FIRST_VIOLATIONS)
        .tag("rule", rule)
        .tag("prompt_version", "v2")
        .counter()
        .count();
  }

  private double tokens(String type) {
    return registry
        .get(LlmMetrics.TOKENS)
        .tag("type", type)
        .tag("model", "gpt-test")
        .counter()
        .count();
  }

  /** {@code start} padded to the 300 characters the spec asks for. */
  private static String fitting(String start) {
    return start + "д".repeat(300 - start.length());
  }

  private static String text(JsonNode message) {
    JsonNode content = message.get("content");
    return content.isString() ? content.stringValue() : content.get(0).get("text").stringValue();
  }

  private static void assertFailed(LlmOutcome outcome, ErrorCode code, String detailPart) {
    assertThat(outcome).isInstanceOf(LlmOutcome.Failed.class);
    assertThat(((LlmOutcome.Failed) outcome).code()).isEqualTo(code);
    assertThat(((LlmOutcome.Failed) outcome).detail()).contains(detailPart);
  }

  private static OpenAiStub newStub() {
    try {
      return new OpenAiStub();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
