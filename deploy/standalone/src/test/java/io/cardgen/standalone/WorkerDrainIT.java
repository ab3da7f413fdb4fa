package io.cardgen.standalone;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.cardgen.worker.WorkerApplication;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * A worker asked to stop (SIGTERM: a rolling update, a scale-down) finishes the jobs it is running
 * before it closes its connections: the waiting client gets its card from that worker within
 * seconds, instead of the job being abandoned to its lease (120 s) and run again elsewhere.
 *
 * <p>Both cases share one stack, whose own worker is stopped: each brings the workers it stops. The
 * one that counts the share group's members runs first, before any worker process has been there.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class WorkerDrainIT {

  private static TestStack stack;

  @BeforeAll
  static void startStack() throws Exception {
    stack = TestStack.start(Map.of());
    stack.stopInProcessWorker();
  }

  @AfterAll
  static void stopStack() {
    if (stack != null) {
      stack.close();
    }
  }

  @Test
  @Order(2)
  void aStoppingWorkerFinishesItsRunningJob() throws Exception {
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

  /**
   * A full worker asked to stop starts no job it has received meanwhile: the record waiting for its
   * only slot goes back to the share group at once and another worker runs the job, while the
   * stopping worker only finishes the job it was running. Before, its consumer waited for the slot
   * (up to the whole shutdown phase), then claimed and ran the job, and only then did the drain of
   * the executor begin: the stop took the running job's time plus the next one's.
   */
  @Test
  @Order(1)
  void aStoppingWorkerHandsBackTheRecordWaitingForRoomInsteadOfStartingIt() throws Exception {
    ConfigurableApplicationContext stopping = worker(stack, "stopping");
    ConfigurableApplicationContext successor = null;
    try {
      ShareGroupMembers.awaitAllFetching(stack, 1);
      // Long enough to still run when the stopping worker's consumer has ended (a record waiting
      // and a worker started before that: ≈ 2 s on CI); the case waits for its end (15 s before).
      CompletableFuture<TestStack.Response> running =
          SlowCard.send(
              () -> stack.generate(stack.demoKey(), "stop-running", SlowCard.body(10_000)));
      await("the slow job running on the stopping worker")
          .atMost(Duration.ofSeconds(60))
          .until(() -> runningOn(stack, "stopping") == 1);
      CompletableFuture<TestStack.Response> waiting =
          SlowCard.send(
              () ->
                  stack.generate(stack.demoKey(), "stop-waiting", RequestBodies.aRequest().json()));
      Thread consumer =
          await("the next record waiting in the intake for the only slot")
              .atMost(Duration.ofSeconds(60))
              .until(WorkerDrainIT::consumerWaitingInTheIntake, Optional::isPresent)
              .orElseThrow();
      successor = worker(stack, "successor");

      CompletableFuture<Void> closed = CompletableFuture.runAsync(stopping::close);

      await("the stopping worker's consumer ended")
          .atMost(Duration.ofSeconds(10))
          .until(() -> !consumer.isAlive());
      assertThat(job(stack, "stop-running").state())
          .as("the running job when the consumer ended")
          .isEqualTo("RUNNING");
      closed.get(60, TimeUnit.SECONDS);
      assertThat(running.get(60, TimeUnit.SECONDS).status()).isEqualTo(200);
      assertThat(job(stack, "stop-running").finishedBy()).startsWith("stopping");

      TestStack.Response handedBack = waiting.get(60, TimeUnit.SECONDS);
      assertThat(handedBack.status()).as("%s", handedBack).isEqualTo(200);
      assertThat(job(stack, "stop-waiting").finishedBy()).startsWith("successor");
      assertThat(job(stack, "stop-waiting").attempts()).as("claims of the handed-back job").isOne();
    } finally {
      stopping.close();
      if (successor != null) {
        successor.close();
      }
    }
  }

  /**
   * A worker in this JVM; the sweeper republishes nothing during the test, so a job can reach
   * another worker only by its record being handed back.
   */
  private static ConfigurableApplicationContext worker(TestStack stack, String id) {
    List<String> args = new ArrayList<>(stack.serviceArguments());
    args.addAll(
        List.of(
            "--server.port=0",
            "--cardgen.worker.worker-id=" + id,
            "--cardgen.worker.max-in-flight=1",
            "--cardgen.worker.republish-after=10m"));
    return WorkerApplication.run(args.toArray(String[]::new));
  }

  /** The share consumer's thread while it waits inside the intake, before it polls again. */
  private static Optional<Thread> consumerWaitingInTheIntake() {
    return Thread.getAllStackTraces().entrySet().stream()
        .filter(thread -> thread.getKey().getName().startsWith("jobContainer-C-"))
        .filter(thread -> thread.getKey().getState() == Thread.State.WAITING)
        .filter(
            thread ->
                Arrays.stream(thread.getValue())
                    .anyMatch(
                        frame ->
                            frame.getClassName().equals("io.cardgen.worker.job.JobIntake")
                                && frame.getMethodName().equals("onMessage")))
        .map(Map.Entry::getKey)
        .findFirst();
  }

  private record JobRow(String state, String finishedBy, int attempts) {}

  private static JobRow job(TestStack stack, String idempotencyKey) {
    return stack
        .jdbc()
        .sql("SELECT state, finished_by, attempts FROM jobs WHERE idempotency_key = :key")
        .param("key", idempotencyKey)
        .query(JobRow.class)
        .single();
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
