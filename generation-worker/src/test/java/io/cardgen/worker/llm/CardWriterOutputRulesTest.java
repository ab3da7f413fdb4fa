package io.cardgen.worker.llm;

import static io.cardgen.testsupport.OpenAiStub.completion;
import static io.cardgen.worker.fixtures.CardSpecBuilder.aCardSpec;
import static org.assertj.core.api.Assertions.assertThat;

import io.cardgen.common.error.ErrorCode;
import io.cardgen.common.wire.CardSpec;
import io.cardgen.testsupport.OpenAiStub;
import java.io.IOException;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.node.ObjectNode;

/**
 * Answers that look like cards but break spec §1, §2.2 or §8 in ways the schema does not catch
 * (found by review: each was accepted and charged, or refused though valid). Each goes through the
 * real langchain4j client and a local HTTP stub standing in for the provider, as {@code
 * CardWriterOutcomeTest} does.
 */
class CardWriterOutputRulesTest {

  private static final List<PhotoInput> PHOTO =
      List.of(new PhotoInput(new byte[] {1, 2, 3}, "image/jpeg"));

  /** A Russian input: the card must be in Russian (spec §1). */
  private static final CardSpec RUSSIAN_MUG =
      aCardSpec()
          .withShortDescription(
              "Керамическая кружка для чая и кофе, удобная ручка, подарочная коробка")
          .withLength(300)
          .build();

  private static final String RUSSIAN_300 =
      ("Лёгкая кружка для чая и кофе. Удобная ручка не нагревается, глазурь легко моется."
              + " Подойдёт для дома и офиса, станет хорошим подарком. ")
          .repeat(3)
          .substring(0, 300);

  private final OpenAiStub stub = newStub();

  @AfterEach
  void stop() {
    stub.close();
  }

  /** Spec §2.2 description = "Generated text"; §7 generation_empty = "Empty model response". */
  @Test
  void aDescriptionOfOnlySpacesIsNotACard() {
    stub.always(completion("{\"description\": \"" + " ".repeat(300) + "\"}", "stop"));

    LlmOutcome outcome = TestWriters.writer(stub).write(RUSSIAN_MUG, PHOTO);

    assertThat(outcome).isInstanceOf(LlmOutcome.Failed.class);
  }

  @Test
  void aDescriptionOfOnlyNoBreakSpacesIsNotACard() {
    stub.always(completion("{\"description\": \"" + "\u00a0".repeat(300) + "\"}", "stop"));

    assertThat(TestWriters.writer(stub).write(RUSSIAN_MUG, PHOTO))
        .isInstanceOf(LlmOutcome.Failed.class);
  }

  /** Spec §8: "exactly the number of non-empty lines set by the plan". */
  @Test
  void aFeatureOfOnlyANoBreakSpaceIsAnEmptyLine() {
    CardSpec spec =
        aCardSpec()
            .withShortDescription(RUSSIAN_MUG.shortDescription())
            .withLength(300)
            .withFeatures(2)
            .build();
    stub.always(
        completion(
            "{\"description\": \"%s\", \"features\": [\"Удобная ручка\", \"\u00a0\"]}"
                .formatted(RUSSIAN_300),
            "stop"));

    assertThat(TestWriters.writer(stub).write(spec, PHOTO)).isInstanceOf(LlmOutcome.Failed.class);
  }

  /** Spec §1: "Texts are in the language of the input". A Chinese card for a Russian input. */
  @Test
  void aCardInChineseForARussianInputIsRejected() {
    String chinese = "这款陶瓷杯适合泡茶和咖啡，手柄舒适不烫手，釉面易于清洁，适合家庭和办公室使用，也是很好的礼物。".repeat(7);
    String description = chinese.substring(0, 300);
    stub.always(completion("{\"description\": \"" + description + "\"}", "stop"));

    LlmOutcome outcome = TestWriters.writer(stub).write(RUSSIAN_MUG, PHOTO);

    assertThat(outcome)
        .as("a Chinese card must not be accepted for a Russian short description")
        .isInstanceOf(LlmOutcome.Failed.class);
  }

  /** All-capital words are skipped as "acronyms", so a shouted English card is never judged. */
  @Test
  void anEnglishCardInCapitalsForARussianInputIsRejected() {
    String english =
        ("A LIGHT MUG FOR TEA AND COFFEE. THE COMFORTABLE HANDLE STAYS COOL AND THE GLAZE IS EASY"
                + " TO CLEAN. IT SUITS HOME AND OFFICE AND MAKES A NICE GIFT. ")
            .repeat(3)
            .substring(0, 300);
    stub.always(completion("{\"description\": \"" + english + "\"}", "stop"));

    assertThat(TestWriters.writer(stub).write(RUSSIAN_MUG, PHOTO))
        .isInstanceOf(LlmOutcome.Failed.class);
  }

  /**
   * Spec §2.2: a block not requested is "empty or null" in the card; §8 rejects extra blocks. An
   * explicit null carries no block, yet the reader fails it as "not an array" and asks for a
   * repair.
   */
  @Test
  void anUnrequestedBlockGivenAsNullIsNotAnExtraBlock() {
    stub.always(
        completion(
            "{\"description\": \"%s\", \"headers\": null, \"slogans\": null}"
                .formatted(RUSSIAN_300),
            "stop"));

    LlmOutcome outcome = TestWriters.writer(stub).write(RUSSIAN_MUG, PHOTO);

    assertThat(outcome).isInstanceOf(LlmOutcome.Generated.class);
    assertThat(stub.received()).as("no repair round").hasSize(1);
  }

  /** Spec §8: lists are "exactly the number of non-empty lines"; U+2028 is a line break. */
  @Test
  void aFeatureSpanningTwoLinesWithALineSeparatorIsRejected() {
    CardSpec spec =
        aCardSpec()
            .withShortDescription(RUSSIAN_MUG.shortDescription())
            .withLength(300)
            .withFeatures(2)
            .build();
    stub.always(
        completion(
            ("{\"description\": \"%s\", \"features\": [\"Удобная ручка\\u2028Глазурь легко"
                    + " моется\", \"Подарочная коробка\"]}")
                .formatted(RUSSIAN_300),
            "stop"));

    assertThat(TestWriters.writer(stub).write(spec, PHOTO)).isInstanceOf(LlmOutcome.Failed.class);
  }

  /** A right-to-left override makes the rest of the line display reversed: not a card's text. */
  @Test
  void aDescriptionWithABidiOverrideIsRepairedWithoutIt() {
    stub.always(
        completion(
            "{\"description\": \"%s\"}".formatted(RUSSIAN_300.substring(0, 299) + "\u202e"),
            "stop"));

    LlmOutcome outcome = TestWriters.writer(stub).write(RUSSIAN_MUG, PHOTO);

    assertThat(outcome).isInstanceOf(LlmOutcome.Generated.class);
    assertThat(((LlmOutcome.Generated) outcome).content().description()).doesNotContain("\u202e");
  }

  /** Spec §7: generation_empty = "Empty model response". */
  @Test
  void anAnswerWithNoChoicesIsAnEmptyResponseNotAProviderFailure() {
    ObjectNode body = OpenAiStub.JSON.createObjectNode();
    body.put("id", "chatcmpl-test").put("object", "chat.completion").put("created", 1);
    body.put("model", "gpt-test");
    body.putArray("choices");
    body.putObject("usage")
        .put("prompt_tokens", 1234)
        .put("completion_tokens", 0)
        .put("total_tokens", 1234);
    stub.always(new OpenAiStub.Reply(200, body.toString()));

    LlmOutcome outcome = TestWriters.writer(stub).write(RUSSIAN_MUG, PHOTO);

    assertThat(outcome).isInstanceOf(LlmOutcome.Failed.class);
    assertThat(((LlmOutcome.Failed) outcome).code()).isEqualTo(ErrorCode.GENERATION_EMPTY);
    assertThat(stub.received()).as("an empty answer is not retried as a 5xx").hasSize(1);
  }

  private static OpenAiStub newStub() {
    try {
      return new OpenAiStub();
    } catch (IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }
}
