package io.cardgen.worker.llm;

import dev.langchain4j.model.output.TokenUsage;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import java.util.EnumMap;
import java.util.Locale;
import java.util.Map;

/**
 * What writing cards costs and how often the model gets them right, as Micrometer counters (in
 * Prometheus: {@code cardgen_llm_tokens_total{type}} and {@code
 * cardgen_generation_validation_total{pass}}).
 *
 * <p>Tokens count every answer the provider billed, including answers that were then refused,
 * truncated or rejected: those are paid for too, while the card row stores only what its own card
 * cost. Validation counts each card whose answer reached validation once: {@code first} when the
 * first answer passed, {@code repaired} when the repair round's did, {@code failed} otherwise. The
 * first-pass rate is {@code first / (first + repaired + failed)}. Both carry the prompt version, so
 * a new prompt can be compared with the old one while both run.
 */
final class LlmMetrics {

  static final String TOKENS = "cardgen.llm.tokens";
  static final String VALIDATION = "cardgen.generation.validation";

  /** How a card came through validation. */
  enum Pass {
    FIRST,
    REPAIRED,
    FAILED
  }

  private final Counter promptTokens;
  private final Counter completionTokens;
  private final Map<Pass, Counter> passes = new EnumMap<>(Pass.class);

  LlmMetrics(MeterRegistry registry, String model, String promptVersion) {
    this.promptTokens = tokens(registry, "prompt", model, promptVersion);
    this.completionTokens = tokens(registry, "completion", model, promptVersion);
    for (Pass pass : Pass.values()) {
      passes.put(
          pass,
          Counter.builder(VALIDATION)
              .description(
                  "Cards whose model answer passed validation first time, after the"
                      + " repair round, or not at all")
              .tag("pass", pass.name().toLowerCase(Locale.ROOT))
              .tag("prompt_version", promptVersion)
              .register(registry));
    }
  }

  void billed(TokenUsage usage) {
    if (usage == null) {
      return;
    }
    add(promptTokens, usage.inputTokenCount());
    add(completionTokens, usage.outputTokenCount());
  }

  void validated(Pass pass) {
    passes.get(pass).increment();
  }

  private static void add(Counter counter, Integer tokens) {
    if (tokens != null && tokens > 0) {
      counter.increment(tokens);
    }
  }

  private static Counter tokens(
      MeterRegistry registry, String type, String model, String promptVersion) {
    return Counter.builder(TOKENS)
        .description("Tokens the LLM provider billed, prompt or completion")
        .tag("type", type)
        .tag("model", model)
        .tag("prompt_version", promptVersion)
        .register(registry);
  }
}
