package io.cardgen.worker.llm;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.time.Duration;
import java.util.EnumMap;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * Times every HTTP call to the provider, each retry on its own: {@code
 * cardgen_llm_request_seconds{outcome}} with a histogram, so the dashboard can show the provider's
 * latency percentiles and error rates apart from the card's whole time (repair and waits included).
 */
final class LlmRequestTimer {

  static final String NAME = "cardgen.llm.request";

  enum Outcome {
    SUCCESS,
    REFUSED,
    RATE_LIMITED,
    ERROR
  }

  private final Map<Outcome, Timer> timers = new EnumMap<>(Outcome.class);

  /**
   * @param longest the longest a call may take (the attempt timeout): the histogram's buckets reach
   *     it, where Micrometer's default ones stop at 30 s and would show every slower call as 30 s
   */
  LlmRequestTimer(MeterRegistry registry, Duration longest) {
    for (Outcome outcome : Outcome.values()) {
      timers.put(
          outcome,
          Timer.builder(NAME)
              .description("One HTTP call to the LLM provider; a retried card records each call")
              .tag("outcome", outcome.name().toLowerCase(Locale.ROOT))
              .publishPercentileHistogram()
              .maximumExpectedValue(longest)
              .register(registry));
    }
  }

  /** For callers without a registry (tests): records into one of its own. */
  static LlmRequestTimer unregistered() {
    return new LlmRequestTimer(new SimpleMeterRegistry(), Duration.ofSeconds(60));
  }

  /** Records a call that started at {@code startedNanos} ({@link System#nanoTime()}). */
  void record(Outcome outcome, long startedNanos) {
    timers.get(outcome).record(System.nanoTime() - startedNanos, TimeUnit.NANOSECONDS);
  }
}
