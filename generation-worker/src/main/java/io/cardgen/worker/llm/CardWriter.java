package io.cardgen.worker.llm;

import dev.langchain4j.data.message.ChatMessage;
import dev.langchain4j.model.chat.request.ChatRequest;
import io.cardgen.common.error.ErrorCode;
import io.cardgen.common.request.Creativity;
import io.cardgen.common.wire.CardSpec;
import io.cardgen.worker.validation.OutputValidator;
import io.cardgen.worker.validation.Violation;
import java.util.List;
import java.util.Objects;
import java.util.stream.Collectors;

/**
 * Writes the texts of one card with the LLM: builds the prompt and the per-card JSON schema, calls
 * the provider, reads and validates the answer. Provider trouble never escapes as an exception;
 * every call ends in an {@link LlmOutcome} carrying the spec's error code. Safe to call from many
 * threads at once.
 */
public class CardWriter {

  private final CardPrompt prompt;
  private final ProviderCall provider;
  private final ResponseReader reader;
  private final OutputValidator validator;
  private final String promptVersion;

  CardWriter(
      CardPrompt prompt,
      ProviderCall provider,
      ResponseReader reader,
      OutputValidator validator,
      String promptVersion) {
    this.prompt = prompt;
    this.provider = provider;
    this.reader = reader;
    this.validator = validator;
    this.promptVersion = promptVersion;
  }

  /**
   * @param spec what to write, with the plan already applied
   * @param photos the product photos, already fetched and checked, in the order the client gave
   */
  public LlmOutcome write(CardSpec spec, List<PhotoInput> photos) {
    Objects.requireNonNull(spec, "spec");
    Objects.requireNonNull(photos, "photos");
    return attempt(spec, prompt.messages(spec, photos)).outcome(promptVersion);
  }

  /**
   * One round with the model. A repair round would call this again with the rejected answer and a
   * user message naming the violations appended to {@code messages}, summing the token counts.
   */
  private Attempt attempt(CardSpec spec, List<ChatMessage> messages) {
    ChatRequest request =
        ChatRequest.builder()
            .messages(messages)
            .temperature(temperature(spec.creativity()))
            .responseFormat(CardSchema.responseFormat(spec))
            .build();
    return provider
        .call(request)
        .then(reader::read)
        .fold(answer -> judge(spec, answer), Attempt.Failed::new);
  }

  private Attempt judge(CardSpec spec, Answer answer) {
    List<Violation> violations = validator.validate(spec, answer.content());
    return violations.isEmpty()
        ? new Attempt.Accepted(answer)
        : new Attempt.Rejected(answer, violations);
  }

  static double temperature(Creativity creativity) {
    if (creativity == null) {
      return temperature(Creativity.MIDDLE);
    }
    return switch (creativity) {
      case LOW -> 0.2;
      case MIDDLE -> 0.7;
      case HIGH -> 1.0;
    };
  }

  /** How one round with the model ended. */
  private sealed interface Attempt {

    LlmOutcome outcome(String promptVersion);

    record Accepted(Answer answer) implements Attempt {
      @Override
      public LlmOutcome outcome(String promptVersion) {
        return new LlmOutcome.Generated(
            answer.content(), answer.promptTokens(), answer.completionTokens(), promptVersion);
      }
    }

    record Rejected(Answer answer, List<Violation> violations) implements Attempt {
      @Override
      public LlmOutcome outcome(String promptVersion) {
        String detail =
            violations.stream().map(Violation::detail).collect(Collectors.joining("; "));
        return new LlmOutcome.Failed(
            ErrorCode.GENERATION_INVALID_RESPONSE, "the card breaks the output rules: " + detail);
      }
    }

    record Failed(LlmOutcome.Failed failure) implements Attempt {
      @Override
      public LlmOutcome outcome(String promptVersion) {
        return failure;
      }
    }
  }
}
