package io.cardgen.worker.llm;

import io.cardgen.common.card.CardContent;
import io.cardgen.worker.validation.LocalFixes;
import io.cardgen.worker.validation.Violation;
import java.util.List;
import java.util.stream.Collectors;

/**
 * How one round with the model ended: a valid card, a card to repair, or a failure that ends it.
 */
sealed interface Round permits Round.Accepted, Round.Rejected, Round.Failed {

  /**
   * @param firstViolations what the answer broke before local fixes made it valid; empty when it
   *     was valid as written
   * @param fixes the local fixes applied, in order
   * @param written the texts as the model wrote them, before the fixes
   */
  record Accepted(
      Answer answer,
      List<Violation> firstViolations,
      List<LocalFixes.Fix> fixes,
      CardContent written)
      implements Round {

    public Accepted {
      firstViolations = List.copyOf(firstViolations);
      fixes = List.copyOf(fixes);
    }
  }

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
