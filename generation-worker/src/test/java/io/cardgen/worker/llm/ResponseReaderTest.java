package io.cardgen.worker.llm;

import static org.assertj.core.api.Assertions.assertThat;

import dev.langchain4j.data.message.AiMessage;
import dev.langchain4j.model.chat.response.ChatResponse;
import dev.langchain4j.model.output.FinishReason;
import io.cardgen.common.card.CardContent;
import io.cardgen.common.error.ErrorCode;
import io.cardgen.worker.validation.Violation.Rule;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class ResponseReaderTest {

  private final ResponseReader reader = new ResponseReader();

  @Test
  void readsEveryKnownBlock() {
    String json =
        """
        {"description": "D", "features": ["f1", "f2"], "audience": "A",
         "headers": ["h"], "slogans": ["s1", "s2"]}""";

    assertThat(answer(json).content())
        .isEqualTo(
            new CardContent("D", List.of("f1", "f2"), "A", List.of("h"), List.of("s1", "s2")));
  }

  @Test
  void leavesAbsentBlocksNull() {
    assertThat(answer("{\"description\": \"D\"}").content())
        .isEqualTo(new CardContent("D", null, null, null, null));
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "{\"description\": \"D\", \"extra\": \"x\"}",
        "{\"description\": \"D\", \"description\": \"E\"}",
        "{\"description\": \"D\"} trailing",
        "{\"description\": \"D\"}{\"description\": \"E\"}",
        "{\"description\": 42}",
        "{\"description\": null}",
        "{\"description\": \"D\", \"features\": \"one, two\"}",
        "{\"description\": \"D\", \"features\": [\"one\", 2]}",
        "{\"description\": \"D\", \"audience\": [\"a\"]}",
        "[{\"description\": \"D\"}]",
        "\"description\"",
        "```json\n{\"description\": \"D\"}\n```\nHope this helps!",
        "Here is the card:\n```json\n{\"description\": \"D\"}\n```",
        "```json\n{\"description\": \"D\"}\n```\n```json\n{\"description\": \"E\"}\n```",
        "```json\n{\"description\": \"D\", \"extra\": \"x\"}\n```",
        "```json {\"description\": \"D\"}```",
        "```\n```",
        "{description: \"D\"}"
      })
  void readsAnythingButAStrictCardObjectAsUnreadableForTheRepairRound(String json) {
    Answer answer = answer(json);

    assertThat(answer.content()).isNull();
    assertThat(answer.unreadable().rule()).isEqualTo(Rule.NOT_A_CARD);
    assertThat(answer.message().text()).isEqualTo(json);
  }

  /**
   * Models write JSON in a markdown code block when no response format holds them to bare JSON: a
   * whole answer that is one such block is read from inside, as strictly, and marked fenced.
   */
  @ParameterizedTest
  @ValueSource(
      strings = {
        "```json\n{\"description\": \"D\"}\n```",
        "```\n{\"description\": \"D\"}\n```",
        "\n```JSON \r\n{\"description\": \"D\"}```\n",
      })
  void readsAWholeAnswerInOneCodeBlockFromInsideAndMarksIt(String fenced) {
    Answer answer = answer(fenced);

    assertThat(answer.content()).isEqualTo(new CardContent("D", null, null, null, null));
    assertThat(answer.fenced()).isTrue();
    assertThat(answer.violations(content -> List.of())).containsExactly(Answer.FENCED);
    assertThat(answer("{\"description\": \"D\"}").fenced()).isFalse();
  }

  /** An answer is bounded at 4 MiB, not its shape: a long fenced one is read like a short one. */
  @Test
  void readsALongFencedAnswer() {
    String description = "D".repeat(3_000_000);

    Answer answer = answer("```json\n{\"description\": \"" + description + "\"}\n```");

    assertThat(answer.content().description()).hasSize(3_000_000);
  }

  @Test
  void reportsTruncationBeforeTheBrokenJsonItCaused() {
    assertThat(failure(response("{\"descr", FinishReason.LENGTH)).code())
        .isEqualTo(ErrorCode.GENERATION_INCOMPLETE);
  }

  @Test
  void countsMissingTokenUsageAsZero() {
    ChatResponse response =
        ChatResponse.builder()
            .aiMessage(AiMessage.from("{\"description\": \"D\"}"))
            .finishReason(FinishReason.STOP)
            .build();

    Answer answer = reader.read(response).fold(ok -> ok, failed -> null);

    assertThat(answer.promptTokens()).isZero();
    assertThat(answer.completionTokens()).isZero();
  }

  private Answer answer(String json) {
    return reader
        .read(response(json, FinishReason.STOP))
        .fold(
            ok -> ok,
            failed -> {
              throw new AssertionError(failed.toString());
            });
  }

  private LlmOutcome.Failed failure(ChatResponse response) {
    return reader
        .read(response)
        .fold(
            ok -> {
              throw new AssertionError("read " + ok);
            },
            failed -> failed);
  }

  private static ChatResponse response(String text, FinishReason finish) {
    return ChatResponse.builder().aiMessage(AiMessage.from(text)).finishReason(finish).build();
  }
}
