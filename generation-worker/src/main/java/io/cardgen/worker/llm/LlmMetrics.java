package io.cardgen.worker.llm;

import dev.langchain4j.model.output.TokenUsage;
import io.cardgen.common.card.CardContent;
import io.cardgen.worker.validation.LocalFixes;
import io.cardgen.worker.validation.Violation;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.DistributionSummary;
import io.micrometer.core.instrument.MeterRegistry;
import java.util.EnumMap;
import java.util.List;
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
 *
 * <p>The first answer of every card is also described before any fix: its description length as a
 * percentage of the requested one ({@code cardgen_generation_first_length_percent}, with buckets at
 * the 80%/115% window edges) and each rule it broke ({@code
 * cardgen_generation_first_violations_total{rule}}), so the eval can tell which mistakes the model
 * makes, not only how many cards needed a repair.
 */
final class LlmMetrics {

  static final String TOKENS = "cardgen.llm.tokens";
  static final String VALIDATION = "cardgen.generation.validation";
  static final String FIRST_LENGTH_PERCENT = "cardgen.generation.first.length.percent";
  static final String FIRST_VIOLATIONS = "cardgen.generation.first.violations";
  static final String LOCAL_FIXES = "cardgen.generation.local.fixes";

  /**
   * Bucket bounds of the first answer's length in percent of the requested one; 80 and 115 bound
   * the accepted window. Percent, not a ratio, because histogram buckets round values up to whole
   * numbers.
   */
  private static final double[] PERCENT_BUCKETS = {
    50, 60, 70, 80, 90, 100, 105, 110, 115, 130, 150, 200
  };

  /** How a card came through validation. */
  enum Pass {
    FIRST,
    REPAIRED,
    FAILED
  }

  private final Counter promptTokens;
  private final Counter completionTokens;
  private final Map<Pass, Counter> passes = new EnumMap<>(Pass.class);
  private final Map<Violation.Rule, Counter> firstViolations = new EnumMap<>(Violation.Rule.class);
  private final DistributionSummary firstLengthPercent;
  private final Map<LocalFixes.Fix, Counter> localFixes = new EnumMap<>(LocalFixes.Fix.class);

  LlmMetrics(MeterRegistry registry, String model, String promptVersion) {
    this.firstLengthPercent =
        DistributionSummary.builder(FIRST_LENGTH_PERCENT)
            .description("Description length of the first answer, percent of the requested length")
            .serviceLevelObjectives(PERCENT_BUCKETS)
            .tag("prompt_version", promptVersion)
            .register(registry);
    localFixes.putAll(
        perValue(
            registry,
            LOCAL_FIXES,
            "Answers made valid by a local fix instead of a repair call",
            "fix",
            LocalFixes.Fix.class,
            promptVersion));
    firstViolations.putAll(
        perValue(
            registry,
            FIRST_VIOLATIONS,
            "Rules the first answer of a card broke, before any fix or repair",
            "rule",
            Violation.Rule.class,
            promptVersion));
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

  void fixed(List<LocalFixes.Fix> fixes) {
    fixes.forEach(fix -> localFixes.get(fix).increment());
  }

  /** The first answer of a card as the model wrote it; a card that is no card has no length. */
  void firstAnswer(int requestedLength, CardContent content, List<Violation> violations) {
    if (content != null && content.description() != null) {
      firstLengthPercent.record(100.0 * content.descriptionLength() / requestedLength);
    }
    violations.stream()
        .map(Violation::rule)
        .distinct()
        .forEach(r -> firstViolations.get(r).increment());
  }

  private static void add(Counter counter, Integer tokens) {
    if (tokens != null && tokens > 0) {
      counter.increment(tokens);
    }
  }

  /** One counter per value of {@code values}, tagged with its lower-case name. */
  private static <E extends Enum<E>> Map<E, Counter> perValue(
      MeterRegistry registry,
      String name,
      String description,
      String tag,
      Class<E> values,
      String promptVersion) {
    Map<E, Counter> counters = new EnumMap<>(values);
    for (E value : values.getEnumConstants()) {
      counters.put(
          value,
          Counter.builder(name)
              .description(description)
              .tag(tag, value.name().toLowerCase(Locale.ROOT))
              .tag("prompt_version", promptVersion)
              .register(registry));
    }
    return counters;
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
