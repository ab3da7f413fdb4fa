package io.cardgen.standalone;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.time.Duration;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/**
 * A worker killed with SIGKILL in the middle of a batch: its items' leases run out, the sweeper
 * puts them back in the queue, another worker's feeder claims them, and the batch completes with
 * every item charged once. Timers are short as in {@link CrashIT}.
 */
class BatchCrashIT {

  private static final Duration START = Duration.ofSeconds(90);
  private static TestStack stack;

  @BeforeAll
  static void start() throws Exception {
    stack = TestStack.start(CrashIT.SHORT_TIMERS);
    stack.stopInProcessWorker();
  }

  @AfterAll
  static void stop() {
    stack.close();
  }

  private static long runningOn(String owner) {
    return stack
        .jdbc()
        .sql(
            """
            SELECT count(*) FROM jobs
            WHERE batch_id IS NOT NULL AND state = 'RUNNING' AND lease_owner LIKE :owner
            """)
        .param("owner", owner + "-%")
        .query(Long.class)
        .single();
  }

  @Test
  void aWorkerKilledMidBatchLeavesItsItemsToAnotherWorkerAndNothingIsChargedTwice()
      throws Exception {
    BatchApi api = new BatchApi(stack);
    Tenants.Tenant tenant = Tenants.account(stack, Tenants.aFullPlan().create(stack), 50);
    String[] slots = {"--cardgen.worker.max-in-flight=6", "--cardgen.worker.batch.sync-reserve=2"};
    String id;
    try (JvmProcess first = stack.startWorkerProcess("bcrash-a", slots).awaitHealthy(START)) {
      TestStack.Response created =
          api.create(
              tenant.apiKey(),
              null,
              BatchApi.body(16, i -> "Торшер " + i + " [sim:slow=3000]", null));
      id = created.json().get("data").get("id").asString();
      await("items running on bcrash-a")
          .atMost(Duration.ofSeconds(60))
          .until(() -> runningOn("bcrash-a") >= 2);
      first.kill();
      System.out.printf(
          "BatchCrashIT killed worker %s (pid %d) with %d batch items running%n",
          first.name, first.pid(), runningOn("bcrash-a"));
    }
    try (JvmProcess second = stack.startWorkerProcess("bcrash-b", slots).awaitHealthy(START)) {
      JsonNode done =
          await("the batch completes on bcrash-b")
              .atMost(Duration.ofSeconds(180))
              .pollInterval(Duration.ofMillis(500))
              .until(
                  () -> api.batch(tenant.apiKey(), id),
                  batch -> batch.get("status").asString().equals("completed"));

      assertThat(done.get("counts").get("succeeded").asInt()).isEqualTo(16);
      JsonNode account = stack.account(tenant.id());
      assertThat(account.get("balance").asLong()).isEqualTo(50 - 16);
      assertThat(account.get("reserved").asLong()).isZero();
      assertThat(api.results(tenant.apiKey(), id, ""))
          .extracting(line -> line.get("seq").asInt())
          .containsExactlyElementsOf(IntStream.rangeClosed(1, 16).boxed().toList());
      long retried =
          stack
              .jdbc()
              .sql("SELECT count(*) FROM jobs WHERE attempts = 2 AND finished_by LIKE 'bcrash-b-%'")
              .query(Long.class)
              .single();
      assertThat(retried).isPositive();
      Settlement.Figures figures = Settlement.assertEveryJobSettledOnce(stack);
      System.out.printf("BatchCrashIT: %d items retried after the kill; %s%n", retried, figures);
    }
  }
}
