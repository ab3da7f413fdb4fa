package io.cardgen.standalone;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.time.Duration;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * A worker asked to stop (SIGTERM: a rolling update, a scale-down) finishes the jobs it is running
 * before it closes its connections: the waiting client gets its card from that worker within
 * seconds, instead of the job being abandoned to its lease (120 s) and run again elsewhere.
 */
class WorkerDrainIT {

  @Test
  void aStoppingWorkerFinishesItsRunningJob() throws Exception {
    try (TestStack stack = TestStack.start(Map.of())) {
      stack.stopInProcessWorker();
      try (JvmProcess worker =
          stack.startWorkerProcess("drain").awaitHealthy(Duration.ofSeconds(120))) {
        CompletableFuture<TestStack.Response> answer =
            SlowCard.send(() -> stack.generate(stack.demoKey(), "drain-1", SlowCard.body(3000)));
        await("the job running on the worker process")
            .atMost(Duration.ofSeconds(60))
            .until(() -> runningOn(stack, "drain") > 0);

        worker.terminate();

        TestStack.Response response = answer.get(60, TimeUnit.SECONDS);
        assertThat(response.status()).as("%s", response).isEqualTo(200);
        assertThat(
                stack
                    .jdbc()
                    .sql("SELECT finished_by FROM jobs WHERE idempotency_key = 'drain-1'")
                    .query(String.class)
                    .single())
            .startsWith("drain");
        assertThat(worker.awaitExit(Duration.ofSeconds(60)))
            .as("exited after its job:%n%s", worker.tail(30))
            .isTrue();
      }
    }
  }

  private static long runningOn(TestStack stack, String worker) {
    return stack
        .jdbc()
        .sql("SELECT count(*) FROM jobs WHERE state = 'RUNNING' AND lease_owner LIKE :owner")
        .param("owner", worker + "%")
        .query(Long.class)
        .single();
  }
}
