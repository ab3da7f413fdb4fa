package io.cardgen.standalone;

import static org.assertj.core.api.Assertions.assertThat;

import io.cardgen.standalone.simulator.LlmSimulator;
import io.cardgen.standalone.simulator.RequestRateLimit;
import io.cardgen.standalone.simulator.SimulatorProfile;
import io.micrometer.core.instrument.MeterRegistry;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * A provider that allows four requests a second, hit by two dozen cards at once: the worker backs
 * off as its 429s ask, shrinks its concurrency, and every card still succeeds given retries enough
 * for the first, unlearnt burst.
 */
class ProviderRateLimitIT {

  private static final int REQUESTS = 24;

  @Test
  void convergesBelowTheProvidersLimitWithoutFailingCards() throws Exception {
    try (LlmSimulator provider =
            LlmSimulator.start(
                "127.0.0.1",
                0,
                Duration.ofMillis(300),
                SimulatorProfile.exact(),
                RequestRateLimit.parse("4/1s"));
        TestStack stack =
            TestStack.start(
                Map.of("CARDGEN_LLM_BASE_URL", provider.baseUrl().toString()),
                "--cardgen.llm.base-url=" + provider.baseUrl(),
                "--cardgen.llm.api-key=simulator",
                "--cardgen.llm.model=cardgen-simulator",
                // The first burst meets the limit before AIMD has learnt anything: 20 of 24 calls
                // are refused at once, and every paced 429 spends a retry (ProviderFailuresIT).
                "--cardgen.llm.max-retries=8")) {

      List<Integer> statuses = ParallelCards.send(stack, ParallelCards.plain("paced-", REQUESTS));

      assertThat(statuses).containsOnly(200);
      assertThat(provider.rateLimitedCount()).as("the limit was hit").isPositive();
      double limit =
          stack
              .app
              .worker()
              .getBean(MeterRegistry.class)
              .get("cardgen_llm_concurrency_limit")
              .gauge()
              .value();
      System.out.printf(
          "429s: %d of %d requests; concurrency limit now %.0f%n",
          provider.rateLimitedCount(), provider.requestCount(), limit);
      assertThat(limit).as("adaptive concurrency shrank").isLessThan(REQUESTS);
    }
  }
}
