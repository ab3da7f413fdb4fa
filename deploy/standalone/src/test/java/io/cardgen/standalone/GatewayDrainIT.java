package io.cardgen.standalone;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.time.Duration;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * A gateway deployed on its own and asked to stop (SIGTERM: a rolling update) answers the requests
 * it holds as their jobs finish during its drain: it keeps listening for the workers' replies until
 * the last of them is answered, instead of leaving them to the reply timeout (ADR 0037), and a
 * request whose wait runs out during the drain gets its timeout's answer (ADR 0038).
 */
class GatewayDrainIT {

  /** One stack for both cases: each stops a gateway process of its own, never the stack's. */
  private static TestStack stack;

  private static TestStack.GatewayProcess drained;
  private static TestStack.GatewayProcess timedOut;

  /**
   * Both gateway processes start at once: a JVM's start is the slow part of either case. Each
   * replica reads every reply itself (ReplyListener), so the idle one changes nothing for the
   * other.
   */
  @BeforeAll
  static void startStack() throws Exception {
    stack = TestStack.start(Map.of());
    drained = stack.startGatewayProcess("gateway-drain");
    timedOut = stack.startGatewayProcess("gateway-drain-timeout", "--cardgen.reply.timeout=4s");
  }

  @AfterAll
  static void stopStack() throws InterruptedException {
    try {
      for (TestStack.GatewayProcess gateway : new TestStack.GatewayProcess[] {drained, timedOut}) {
        if (gateway != null) {
          gateway.jvm().close();
        }
      }
    } finally {
      if (stack != null) {
        stack.close();
      }
    }
  }

  @Test
  void aStoppingGatewayAnswersARequestWhoseJobFinishesDuringTheDrain() throws Exception {
    TestStack.GatewayProcess gateway = drained;
    try (JvmProcess process = gateway.jvm().awaitHealthy(Duration.ofSeconds(120))) {
      CompletableFuture<TestStack.Response> answer =
          sendAndAwaitRunning(stack, gateway, "gateway-drain-1", 3000);
      long stopped = System.nanoTime();

      process.terminate();

      TestStack.Response response = answer.get(60, TimeUnit.SECONDS);
      Duration took = Duration.ofNanos(System.nanoTime() - stopped);
      assertThat(response.status()).as("%s", response).isEqualTo(200);
      // The model call has under three seconds left; a wake-up missed would be caught only by
      // the finished-job check (every 2 s) or the reply timeout.
      assertThat(took).isLessThan(Duration.ofSeconds(10));
      assertThat(process.awaitExit(Duration.ofSeconds(60))).isTrue();
    }
  }

  @Test
  void aStoppingGatewayAnswersARequestWhoseWaitRunsOutDuringTheDrain() throws Exception {
    TestStack.GatewayProcess gateway = timedOut;
    try (JvmProcess process = gateway.jvm().awaitHealthy(Duration.ofSeconds(120))) {
      long sent = System.nanoTime();
      CompletableFuture<TestStack.Response> answer =
          sendAndAwaitRunning(stack, gateway, "gateway-drain-2", 12_000);

      process.terminate();

      TestStack.Response response = answer.get(60, TimeUnit.SECONDS);
      Duration took = Duration.ofNanos(System.nanoTime() - sent);
      // The wait's 4 s run out long before the 12-s model call ends: the answer is the
      // timeout's, on time, not the job's at its end (or the drain's deadline's, without one).
      // (15 s before: the stack's own worker then drained the call's last 6 s at the class's
      // end, and an answer at the call's end is past the 10 s below either way.)
      assertThat(response.status()).as("%s", response).isEqualTo(503);
      assertThat(response.json().path("code").asText()).isEqualTo("generation_unavailable");
      assertThat(response.header("Retry-After")).isEqualTo("5");
      assertThat(took).isLessThan(Duration.ofSeconds(10));
      assertThat(process.awaitExit(Duration.ofSeconds(60))).isTrue();
    }
  }

  /** Sends a slow card to {@code gateway} and returns once its job is in its model call. */
  private static CompletableFuture<TestStack.Response> sendAndAwaitRunning(
      TestStack stack, TestStack.GatewayProcess gateway, String idempotencyKey, int latencyMillis) {
    CompletableFuture<TestStack.Response> answer =
        SlowCard.send(
            () ->
                stack.generateAt(
                    gateway.publicPort(),
                    stack.demoKey(),
                    idempotencyKey,
                    SlowCard.body(latencyMillis)));
    await("the job running")
        .atMost(Duration.ofSeconds(60))
        .until(
            () ->
                stack
                        .jdbc()
                        .sql(
                            "SELECT count(*) FROM jobs WHERE idempotency_key = :key"
                                + " AND state = 'RUNNING'")
                        .param("key", idempotencyKey)
                        .query(Long.class)
                        .single()
                    > 0);
    return answer;
  }
}
