package io.cardgen.worker.llm;

import io.cardgen.common.card.CardContent;
import io.cardgen.common.error.ErrorCode;
import java.util.Objects;

/**
 * What one {@link CardWriter#write} produced: a card that passed output validation, or the error
 * code the job must fail with (the credit is then released).
 */
public sealed interface LlmOutcome permits LlmOutcome.Generated, LlmOutcome.Failed {

  /**
   * A validated card.
   *
   * @param promptTokens input tokens the provider billed, 0 when it did not say
   * @param completionTokens output tokens the provider billed, 0 when it did not say
   * @param promptVersion the prompt resources used, stored with the card for later comparison
   */
  record Generated(
      CardContent content, int promptTokens, int completionTokens, String promptVersion)
      implements LlmOutcome {

    public Generated {
      Objects.requireNonNull(content, "content");
      Objects.requireNonNull(promptVersion, "promptVersion");
    }
  }

  /**
   * @param code one of the generation error codes of spec §7
   * @param detail what went wrong, for logs and the job row; never shown to API clients
   */
  record Failed(ErrorCode code, String detail) implements LlmOutcome {

    public Failed {
      Objects.requireNonNull(code, "code");
      Objects.requireNonNull(detail, "detail");
    }
  }
}
