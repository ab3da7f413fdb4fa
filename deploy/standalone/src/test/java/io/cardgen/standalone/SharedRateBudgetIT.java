package io.cardgen.standalone;

import static org.assertj.core.api.Assertions.assertThat;

import io.cardgen.standalone.simulator.LlmSimulator;
import io.cardgen.worker.WorkerApplication;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * Two workers, one provider limit of 240 requests a minute (four per one-second window): together
 * they never take more than four requests in a window, and both do take some.
 */
class SharedRateBudgetIT {

  private static final int REQUESTS = 16;
  private static final String[] BUDGET = {
    "--cardgen.llm.rate.requests-per-minute=240",
    "--cardgen.llm.rate.window=1s",
    "--cardgen.worker.max-in-flight=4"
  };

  @Test
  void twoWorkersTogetherStayWithinTheSharedBudget() throws Exception {
    try (LlmSimulator provider = LlmSimulator.start("127.0.0.1", 0, Duration.ofMillis(100));
        TestStack stack =
            TestStack.start(
                Map.of("CARDGEN_LLM_BASE_URL", url(provider)), args(provider, "first"))) {
      List<String> second = new ArrayList<>(stack.serviceArguments());
      second.addAll(List.of(args(provider, "second")));
      second.add("--server.port=0");
      try (ConfigurableApplicationContext other =
          WorkerApplication.run(second.toArray(String[]::new))) {
        ShareGroupMembers.awaitAllFetching(stack, 2);

        List<Integer> statuses =
            ParallelCards.send(stack, ParallelCards.plain("shared-", REQUESTS));

        assertThat(statuses).containsOnly(200);
        List<Integer> perWindow =
            stack
                .jdbc()
                .sql("SELECT requests FROM llm_rate_windows ORDER BY window_start_ms")
                .query(Integer.class)
                .list();
        System.out.println("Requests per window: " + perWindow);
        assertThat(perWindow).allSatisfy(taken -> assertThat(taken).isLessThanOrEqualTo(4));
        assertThat(perWindow.stream().mapToInt(Integer::intValue).sum())
            .isEqualTo((int) provider.requestCount());
        assertThat(provider.requestCount()).isGreaterThanOrEqualTo(REQUESTS);
        List<String> finishers =
            stack
                .jdbc()
                .sql("SELECT DISTINCT split_part(finished_by, '-', 1) FROM jobs")
                .query(String.class)
                .list();
        assertThat(finishers).containsExactlyInAnyOrder("first", "second");
      }
    }
  }

  private static String url(LlmSimulator provider) {
    return provider.baseUrl().toString();
  }

  private static String[] args(LlmSimulator provider, String workerId) {
    List<String> args = new ArrayList<>(List.of(BUDGET));
    args.add("--cardgen.llm.base-url=" + url(provider));
    args.add("--cardgen.llm.api-key=simulator");
    args.add("--cardgen.llm.model=cardgen-simulator");
    args.add("--cardgen.worker.worker-id=" + workerId);
    return args.toArray(String[]::new);
  }
}
