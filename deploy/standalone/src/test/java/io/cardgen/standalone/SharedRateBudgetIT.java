package io.cardgen.standalone;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.cardgen.standalone.simulator.LlmSimulator;
import io.cardgen.worker.WorkerApplication;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.context.ConfigurableApplicationContext;
import tools.jackson.databind.JsonNode;

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

  /**
   * Batch items are claimed only while no call waits for the provider's limits. Claimed all at
   * once, 32 items at two requests a second would queue at the gate, and those not let through
   * within their 12-s budget would fail with generation_failed (about the last eight).
   */
  @Test
  void batchItemsAreNotTakenOnWhileCallsQueueForTheBudget() throws Exception {
    String[] slowBudget = {
      "--cardgen.llm.rate.requests-per-minute=120",
      "--cardgen.llm.rate.window=500ms",
      "--cardgen.llm.timeout=12s",
      "--cardgen.llm.attempt-timeout=5s",
      "--cardgen.llm.base-url=",
    };
    try (LlmSimulator provider = LlmSimulator.start("127.0.0.1", 0, Duration.ofMillis(100))) {
      slowBudget[4] += url(provider);
      List<String> args = new ArrayList<>(List.of(slowBudget));
      args.addAll(
          List.of("--cardgen.llm.api-key=simulator", "--cardgen.llm.model=cardgen-simulator"));
      try (TestStack stack =
          TestStack.start(
              Map.of("CARDGEN_LLM_BASE_URL", url(provider)), args.toArray(String[]::new))) {
        Tenants.Tenant tenant = Tenants.account(stack, Tenants.aFullPlan().create(stack), 32);
        BatchApi api = new BatchApi(stack);
        TestStack.Response created =
            api.create(tenant.apiKey(), null, BatchApi.body(32, i -> "Лампа номер " + i, null));
        assertThat(created.status()).as(created.toString()).isEqualTo(202);
        String id = created.json().get("data").get("id").asString();

        JsonNode done =
            await("the batch completes")
                .atMost(Duration.ofSeconds(90))
                .pollInterval(Duration.ofMillis(250))
                .until(
                    () -> api.batch(tenant.apiKey(), id),
                    batch -> batch.get("status").asString().equals("completed"));

        assertThat(done.get("counts").get("failed").asInt()).as(done.toString()).isZero();
        assertThat(done.get("counts").get("succeeded").asInt()).isEqualTo(32);
        assertThat(stack.account(tenant.id()).get("reserved").asLong()).isZero();
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
