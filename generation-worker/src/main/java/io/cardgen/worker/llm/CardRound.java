package io.cardgen.worker.llm;

import dev.langchain4j.data.message.ChatMessage;
import dev.langchain4j.model.chat.request.ChatRequest;
import dev.langchain4j.model.chat.response.ChatResponse;
import io.cardgen.common.card.CardContent;
import io.cardgen.common.wire.CardSpec;
import io.cardgen.worker.validation.GroundingCheck;
import io.cardgen.worker.validation.LocalFixes;
import io.cardgen.worker.validation.OutputValidator;
import io.cardgen.worker.validation.Violation;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * One round with the model: sends the conversation with the card's schema and sampling, reads the
 * answer and judges it by the output rules of spec §8 and the grounding guard, reporting every
 * violation at once so that a repair can fix them together.
 */
final class CardRound {

  private final ProviderCall provider;
  private final ResponseReader reader;
  private final OutputValidator validator;
  private final GroundingCheck grounding;
  private final PromptLibrary prompts;
  private final LlmMetrics metrics;
  private final AnswerFormat format;
  private final LocalFixes fixes = new LocalFixes();

  CardRound(
      AnswerFormat format,
      ProviderCall provider,
      ResponseReader reader,
      OutputValidator validator,
      GroundingCheck grounding,
      PromptLibrary prompts,
      LlmMetrics metrics) {
    this.provider = provider;
    this.reader = reader;
    this.validator = validator;
    this.grounding = grounding;
    this.prompts = prompts;
    this.metrics = metrics;
    this.format = format;
  }

  Round run(CardSpec spec, List<ChatMessage> messages, Instant deadline) {
    Sampling sampling = prompts.sampling(spec.creativity());
    ChatRequest request =
        ChatRequest.builder()
            .messages(messages)
            .temperature(sampling.temperature())
            .topP(sampling.topP())
            .responseFormat(format.responseFormat(spec))
            .build();
    return provider
        .call(request, deadline)
        .then(this::read)
        .fold(answer -> judge(spec, answer), Round.Failed::new);
  }

  private Step<Answer> read(ChatResponse response) {
    metrics.billed(response.tokenUsage());
    return reader.read(response);
  }

  /**
   * Accepts the answer as written, or after local fixes when they leave nothing to object to;
   * otherwise rejects it with what the model wrote wrong, fixable parts included, so that the
   * repair asks for all of it (the repaired answer is fixed locally again).
   */
  private Round judge(CardSpec spec, Answer answer) {
    List<Violation> violations = answer.violations(content -> violations(spec, content));
    if (violations.isEmpty()) {
      return new Round.Accepted(answer, List.of(), List.of(), answer.content());
    }
    if (answer.content() != null) {
      LocalFixes.Fixed fixed = fixes.apply(spec, answer.content());
      List<LocalFixes.Fix> applied = new ArrayList<>();
      if (answer.fenced()) {
        applied.add(LocalFixes.Fix.UNWRAP_CODE_FENCE);
      }
      applied.addAll(fixed.fixes());
      if (!applied.isEmpty() && violations(spec, fixed.content()).isEmpty()) {
        metrics.fixed(applied);
        return new Round.Accepted(
            answer.withContent(fixed.content()), violations, applied, answer.content());
      }
    }
    return new Round.Rejected(answer, violations);
  }

  private List<Violation> violations(CardSpec spec, CardContent content) {
    List<Violation> all = new ArrayList<>(validator.validate(spec, content));
    all.addAll(grounding.check(spec, content));
    return all;
  }
}
