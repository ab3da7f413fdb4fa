package io.cardgen.worker.llm;

import io.cardgen.worker.validation.Violation;
import java.util.List;
import java.util.stream.Collectors;

/**
 * How one round with the model ended: a valid card, a card to repair, or a failure that ends it.
 */
sealed interface Round permits Round.Accepted, Round.Rejected, Round.Failed {

  record Accepted(Answer answer) implements Round {}

  record Rejected(Answer answer, List<Violation> violations) implements Round {

    public Rejected {
      violations = List.copyOf(violations);
    }

    String summary() {
      return violations.stream().map(Violation::detail).collect(Collectors.joining("; "));
    }
  }

  record Failed(LlmOutcome.Failed failure) implements Round {}
}
