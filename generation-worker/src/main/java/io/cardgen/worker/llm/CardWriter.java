package io.cardgen.worker.llm;

import dev.langchain4j.data.message.ChatMessage;
import io.cardgen.common.error.ErrorCode;
import io.cardgen.common.wire.CardSpec;
import io.cardgen.worker.llm.LlmMetrics.Pass;
import java.time.Instant;
import java.util.List;
import java.util.Objects;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Writes the texts of one card with the LLM: a first round, and when its answer breaks an output
 * rule or states an ungrounded figure, one repair round inside the same time budget. Provider
 * trouble never escapes as an exception; every call ends in an {@link LlmOutcome} carrying the
 * spec's error code. Safe to call from many threads at once.
 */
public class CardWriter {

  private static final Logger log = LoggerFactory.getLogger(CardWriter.class);

  private final CardPrompt prompt;
  private final PhotoPayloads payloads;
  private final ProviderCall provider;
  private final CardRound round;
  private final RepairRound repair;
  private final LlmMetrics metrics;
  private final String promptVersion;

  CardWriter(
      CardPrompt prompt,
      PhotoPayloads payloads,
      ProviderCall provider,
      CardRound round,
      RepairRound repair,
      LlmMetrics metrics,
      String promptVersion) {
    this.prompt = prompt;
    this.payloads = payloads;
    this.provider = provider;
    this.round = round;
    this.repair = repair;
    this.metrics = metrics;
    this.promptVersion = promptVersion;
  }

  /**
   * @param spec what to write, with the plan already applied
   * @param photos the product photos, already fetched and checked, in the order the client gave
   */
  public LlmOutcome write(CardSpec spec, List<PhotoInput> photos) {
    Objects.requireNonNull(spec, "spec");
    Objects.requireNonNull(photos, "photos");
    try (PhotoPayloads.Lease lease = payloads.lease(photos)) {
      return writeFrom(spec, prompt.messages(spec, lease.images()));
    }
  }

  private LlmOutcome writeFrom(CardSpec spec, List<ChatMessage> messages) {
    Instant deadline = provider.deadline();
    Round first = round.run(spec, messages, deadline);
    recordFirst(spec, first);
    if (first instanceof Round.Accepted accepted) {
      metrics.validated(Pass.FIRST);
      return generated(accepted.answer(), 0, 0);
    }
    if (first instanceof Round.Rejected rejected) {
      return repaired(spec, messages, rejected, deadline);
    }
    return ((Round.Failed) first).failure();
  }

  private LlmOutcome repaired(
      CardSpec spec, List<ChatMessage> messages, Round.Rejected rejected, Instant deadline) {
    if (!provider.hasTimeForAnAttempt(deadline)) {
      metrics.validated(Pass.FAILED);
      return invalid("no time left to repair: " + rejected.summary());
    }
    log.info("Asking the model to repair its answer: {}", rejected.summary());
    Round second = round.run(spec, repair.messages(spec, messages, rejected), deadline);
    if (second instanceof Round.Accepted accepted) {
      metrics.validated(Pass.REPAIRED);
      Answer first = rejected.answer();
      return generated(accepted.answer(), first.promptTokens(), first.completionTokens());
    }
    metrics.validated(Pass.FAILED);
    if (second instanceof Round.Rejected again) {
      return invalid("the repaired answer still breaks the rules: " + again.summary());
    }
    return ((Round.Failed) second).failure();
  }

  private void recordFirst(CardSpec spec, Round first) {
    if (first instanceof Round.Accepted accepted) {
      // the length the model wrote, not the trimmed one: this measures the model and the prompt
      metrics.firstAnswer(spec.length(), accepted.written(), accepted.firstViolations());
    } else if (first instanceof Round.Rejected rejected) {
      metrics.firstAnswer(spec.length(), rejected.answer().content(), rejected.violations());
    }
  }

  /** The card with what it cost: the tokens of every round it took, earlier ones included. */
  private LlmOutcome generated(
      Answer answer, int earlierPromptTokens, int earlierCompletionTokens) {
    return new LlmOutcome.Generated(
        answer.content(),
        earlierPromptTokens + answer.promptTokens(),
        earlierCompletionTokens + answer.completionTokens(),
        promptVersion);
  }

  private static LlmOutcome invalid(String detail) {
    return new LlmOutcome.Failed(ErrorCode.GENERATION_INVALID_RESPONSE, detail);
  }
}
