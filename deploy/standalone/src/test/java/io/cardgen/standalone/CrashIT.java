package io.cardgen.standalone;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import tools.jackson.databind.JsonNode;

/**
 * Crashes with real processes: workers and a gateway run as their own JVMs and are killed with
 * SIGKILL, the Kafka broker is stopped and restarted under load. Afterwards every job is a card
 * charged once or a failure with its credit released, and the audit finds no breach. Timers are
 * short (lease 10 s, grace and sweeps 1 s) so a dead worker's job comes back within seconds.
 *
 * <p>A worker JVM takes about ten seconds to start on a loaded machine: the worker that takes over
 * the killed one's job in the first case stays up and is the worker of the later ones, which need a
 * worker but kill none. The batch case runs last and brings workers with slots of their own.
 *
 * <p>The batch case was BatchCrashIT, which started a stack of its own with these very timers (≈ 6
 * s of a warm JVM's time for nothing it needed).
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class CrashIT {

  private static final Duration START = Duration.ofSeconds(90);

  /** Timers short enough that a dead worker's job comes back within seconds. */
  static final String[] SHORT_TIMERS = {
    "--cardgen.worker.lease=10s",
    "--cardgen.worker.sweeper-grace=1s",
    "--cardgen.worker.sweep-interval=1s",
    "--cardgen.worker.unpublished-after=1s",
    "--cardgen.worker.republish-after=10s"
  };

  private static TestStack stack;
  private static ExecutorService clients;
  private static JvmProcess survivor;

  @BeforeAll
  static void start() throws Exception {
    stack = TestStack.start(SHORT_TIMERS);
    stack.stopInProcessWorker();
    clients = Executors.newCachedThreadPool();
  }

  @AfterAll
  static void stop() throws InterruptedException {
    clients.shutdownNow();
    try {
      if (survivor != null) {
        survivor.close();
      }
    } finally {
      stack.close();
    }
  }

  /**
   * A healthy worker process: the first case's survivor, or a new one when that case did not leave
   * it (it failed, or a case runs alone).
   */
  private static JvmProcess worker() {
    if (survivor == null || !survivor.process.isAlive()) {
      survivor = stack.startWorkerProcess("crash-w");
    }
    return survivor.awaitHealthy(START);
  }

  private Future<TestStack.Response> send(String key, String body) {
    return clients.submit(() -> stack.generate(stack.demoKey(), key, body));
  }

  private Optional<String> runningOwner(String key) {
    return stack
        .jdbc()
        .sql(
            """
            SELECT lease_owner FROM jobs
            WHERE account_id = :account AND idempotency_key = :key AND state = 'RUNNING'
            """)
        .param("account", stack.demoAccountId())
        .param("key", key)
        .query(String.class)
        .optional();
  }

  @Test
  @Order(1)
  void aWorkerKilledMidGenerationLeavesItsJobToAnotherWorkerThatChargesItOnce() throws Exception {
    String key = "crash-worker";
    Future<TestStack.Response> client;
    try (JvmProcess first = stack.startWorkerProcess("crash-a").awaitHealthy(START)) {
      client =
          send(key, PipelineIT.request("Термокружка с двойными стенками [sim:slow=4000]", 300));
      String owner =
          await("job running on crash-a")
              .atMost(Duration.ofSeconds(30))
              .until(() -> runningOwner(key).orElse(""), lease -> lease.startsWith("crash-a-"));
      first.kill();
      System.out.printf(
          "CrashIT killed worker %s (pid %d) with SIGKILL mid-generation of key %s (lease %s)%n",
          first.name, first.pid(), key, owner);
    }
    survivor = stack.startWorkerProcess("crash-b");
    survivor.awaitHealthy(START);
    TestStack.Response answer = client.get(90, TimeUnit.SECONDS);

    assertThat(answer.status()).as(answer.toString()).isEqualTo(200);
    Settlement.JobBooks job = Settlement.job(stack, stack.demoAccountId(), key);
    assertThat(job.chargedOnceWithItsCard()).as(job.toString()).isTrue();
    assertThat(job.attempts()).isEqualTo(2);
    assertThat(job.finishedBy()).startsWith("crash-b-");
    assertThat(answer.json().get("data").get("uid").asString()).isNotBlank();
    Settlement.Figures figures = Settlement.assertEveryJobSettledOnce(stack);
    System.out.printf(
        "CrashIT found key %s %s/%s after %d attempts, finished by %s, client got %d; %s%n",
        key,
        job.state(),
        job.creditState(),
        job.attempts(),
        job.finishedBy(),
        answer.status(),
        figures);
  }

  @Test
  @Order(2)
  void aGatewayKilledAfterReservingLeavesAJobThatStillEndsAndAnswersTheRetry() throws Exception {
    String key = "crash-gateway";
    String body = PipelineIT.request("Настольная лампа с диммером [sim:slow=1000]", 300);
    TestStack.GatewayProcess gateway = stack.startGatewayProcess("crash-gw");
    try (JvmProcess gatewayJvm = gateway.jvm()) {
      worker();
      gatewayJvm.awaitHealthy(START);
      // With the broker down the gateway cannot publish: only the relay can get this job out.
      stack.kafka().stop();
      System.out.println("CrashIT stopped the Kafka broker");
      clients.submit(() -> stack.generateAt(gateway.publicPort(), stack.demoKey(), key, body));
      Instant publishedAt =
          await("job reserved by crash-gw")
              .atMost(Duration.ofSeconds(30))
              .until(() -> reservation(key), Optional::isPresent)
              .get()
              .publishedAt();
      gatewayJvm.kill();
      System.out.printf(
          "CrashIT killed gateway %s (pid %d) with SIGKILL after it reserved key %s"
              + " (published_at %s)%n",
          gatewayJvm.name, gatewayJvm.pid(), key, publishedAt);
    }
    stack.kafka().restart();
    System.out.println("CrashIT restarted the Kafka broker");

    TestStack.Response retry =
        await("the retry answers with the card")
            .atMost(Duration.ofSeconds(60))
            .pollInterval(Duration.ofMillis(500))
            .until(() -> stack.generate(stack.demoKey(), key, body), r -> r.status() != 409);

    assertThat(retry.status()).as(retry.toString()).isEqualTo(200);
    Settlement.JobBooks job = Settlement.job(stack, stack.demoAccountId(), key);
    assertThat(job.chargedOnceWithItsCard()).as(job.toString()).isTrue();
    Settlement.Figures figures = Settlement.assertEveryJobSettledOnce(stack);
    System.out.printf(
        "CrashIT found key %s %s/%s, finished by %s; the retry got %d with card %s; %s%n",
        key,
        job.state(),
        job.creditState(),
        job.finishedBy(),
        retry.status(),
        retry.json().get("data").get("uid").asString(),
        figures);
  }

  private record Reservation(UUID job, Instant publishedAt) {}

  private Optional<Reservation> reservation(String key) {
    return stack
        .jdbc()
        .sql(
            """
            SELECT id AS job, published_at FROM jobs
            WHERE account_id = :account AND idempotency_key = :key AND credit_state = 'RESERVED'
            """)
        .param("account", stack.demoAccountId())
        .param("key", key)
        .query(Reservation.class)
        .optional();
  }

  @Test
  @Order(3)
  void jobsInFlightWhileTheBrokerRestartsEndChargedOnceOrReleased() throws Exception {
    worker();
    Map<String, String> bodies = new LinkedHashMap<>();
    for (int index = 0; index < 6; index++) {
      String directive = index < 4 ? "[sim:slow=3000]" : "[sim:fail]";
      bodies.put(
          "kafka-" + index,
          PipelineIT.request("Рюкзак городской номер " + index + " " + directive, 300));
    }
    Map<String, Future<TestStack.Response>> answers = new LinkedHashMap<>();
    bodies.forEach((key, body) -> answers.put(key, send(key, body)));
    await("jobs running").atMost(Duration.ofSeconds(30)).until(() -> running("kafka-%") >= 2);

    stack.kafka().stop();
    System.out.printf(
        "CrashIT stopped the Kafka broker with %d jobs running%n", running("kafka-%"));
    for (int index = 6; index < 8; index++) {
      String key = "kafka-" + index;
      bodies.put(key, PipelineIT.request("Рюкзак туристический номер " + index, 300));
      answers.put(key, send(key, bodies.get(key)));
    }
    await("a job finished while the broker is down")
        .atMost(Duration.ofSeconds(30))
        .until(() -> finished("kafka-%") >= 1);
    stack.kafka().restart();
    System.out.printf(
        "CrashIT restarted the Kafka broker; %d jobs had finished meanwhile%n",
        finished("kafka-%"));

    List<String> outcomes = new ArrayList<>();
    for (Map.Entry<String, Future<TestStack.Response>> answer : answers.entrySet()) {
      TestStack.Response response = settled(answer.getKey(), answer.getValue(), bodies);
      boolean failing = bodies.get(answer.getKey()).contains("[sim:fail]");
      assertThat(response.status()).as(response.toString()).isEqualTo(failing ? 502 : 200);
      outcomes.add(answer.getKey() + "=" + response.status());
    }
    Settlement.Figures figures = Settlement.assertEveryJobSettledOnce(stack);
    System.out.printf("CrashIT found %s; %s%n", outcomes, figures);
  }

  /** The client's final answer: its first one, or the retries with the same key after a 503. */
  private TestStack.Response settled(
      String key, Future<TestStack.Response> first, Map<String, String> bodies) throws Exception {
    TestStack.Response response = first.get(90, TimeUnit.SECONDS);
    if (response.status() != 503 && response.status() != 409) {
      return response;
    }
    return await("final answer for " + key)
        .atMost(Duration.ofSeconds(60))
        .pollInterval(Duration.ofMillis(500))
        .until(
            () -> stack.generate(stack.demoKey(), key, bodies.get(key)),
            r -> r.status() != 503 && r.status() != 409);
  }

  /**
   * A worker killed with SIGKILL in the middle of a batch: its items' leases run out, the sweeper
   * puts them back in the queue, another worker's feeder claims them, and the batch completes with
   * every item charged once. The batch's workers have few slots so that some items run and others
   * wait when the kill comes; the earlier cases' worker is stopped first, or it would take them.
   */
  @Test
  @Order(4)
  void aWorkerKilledMidBatchLeavesItsItemsToAnotherWorkerAndNothingIsChargedTwice()
      throws Exception {
    if (survivor != null) {
      survivor.close();
      survivor = null;
    }
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
          .until(() -> batchItemsRunningOn("bcrash-a") >= 2);
      first.kill();
      System.out.printf(
          "CrashIT killed worker %s (pid %d) with %d batch items running%n",
          first.name, first.pid(), batchItemsRunningOn("bcrash-a"));
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
      // this batch's items only: the first case's job ran twice too
      long retried =
          stack
              .jdbc()
              .sql(
                  """
                  SELECT count(*) FROM jobs
                  WHERE batch_id = :batch AND attempts = 2 AND finished_by LIKE 'bcrash-b-%'
                  """)
              .param("batch", UUID.fromString(id.substring("bat_".length())))
              .query(Long.class)
              .single();
      assertThat(retried).isPositive();
      Settlement.Figures figures = Settlement.assertEveryJobSettledOnce(stack);
      System.out.printf("CrashIT: %d batch items retried after the kill; %s%n", retried, figures);
    }
  }

  private long batchItemsRunningOn(String owner) {
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

  private int running(String keys) {
    return count(
        "SELECT count(*) FROM jobs WHERE state = 'RUNNING' AND idempotency_key LIKE :keys", keys);
  }

  private int finished(String keys) {
    return count(
        """
        SELECT count(*) FROM jobs
        WHERE state IN ('SUCCEEDED', 'FAILED') AND idempotency_key LIKE :keys
        """,
        keys);
  }

  private int count(String sql, String keys) {
    return stack.jdbc().sql(sql).param("keys", keys).query(Integer.class).single();
  }
}
