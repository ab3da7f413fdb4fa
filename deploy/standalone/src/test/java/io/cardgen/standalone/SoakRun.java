package io.cardgen.standalone;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.UUID;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;
import tools.jackson.databind.JsonNode;

/**
 * The soak run of issue 4: many requests with random keys, repeats, conflicts and simulator faults
 * while worker processes are SIGKILLed every minute; it ends with every job settled once, a clean
 * audit and the figures printed. Not part of {@code verify}: run it with {@code scripts/soak.sh}.
 *
 * <p>Settings (system properties): {@code soak.requests} (10000), {@code soak.clients} (16), {@code
 * soak.workers} (2), {@code soak.kill-every} (60s), {@code soak.seed} (random).
 */
@EnabledIfSystemProperty(named = "cardgen.soak", matches = "true")
class SoakRun {

  private static final String PLAN =
      """
      {"name": "soak", "api_access": true, "max_photos": 5, "max_length": 3000,
       "features_count": 5, "audience": true, "headers_count": 3, "slogans_count": 3,
       "creativity": true, "keywords": true, "rate_limit_per_minute": 1000000}
      """;

  @Test
  void soak() throws Exception {
    int requests = Integer.getInteger("soak.requests", 10_000);
    int clients = Integer.getInteger("soak.clients", 16);
    int workerCount = Integer.getInteger("soak.workers", 2);
    Duration killEvery = Duration.parse("PT" + System.getProperty("soak.kill-every", "60s"));
    long seed = Long.getLong("soak.seed", new Random().nextLong());
    System.out.printf(
        "SOAK %d requests, %d clients, %d workers killed every %s, seed %d%n",
        requests, clients, workerCount, killEvery, seed);
    SoakTally tally = new SoakTally();
    try (TestStack stack =
        TestStack.start(
            Map.of("CARDGEN_SIMULATOR_LATENCY_MS", "20"),
            "--cardgen.worker.lease=10s",
            "--cardgen.worker.sweeper-grace=1s",
            "--cardgen.worker.sweep-interval=1s",
            "--cardgen.worker.unpublished-after=1s",
            "--cardgen.worker.republish-after=10s",
            "--cardgen.reply.timeout=15s",
            "--cardgen.reply.retry-after=1s",
            "--logging.level.io.cardgen=WARN")) {
      stack.stopInProcessWorker();
      assertThat(stack.admin("POST", "/admin/plans", PLAN).status()).isEqualTo(201);
      List<SoakWorkload.Tenant> tenants = new ArrayList<>();
      for (int index = 0; index < 4; index++) {
        tenants.add(tenant(stack, "soak-" + index, 1_000_000));
      }
      SoakWorkload workload =
          new SoakWorkload(stack, tenants, tenant(stack, "soak-poor", requests / 200), tally);
      Instant started = Instant.now();
      try (WorkerChurn workers = new WorkerChurn(stack, workerCount, tally)) {
        workers.killEvery(killEvery);
        run(workload, requests, clients, seed, tally, started);
        workers.stopKilling();
        await("every job settled")
            .atMost(Duration.ofMinutes(3))
            .pollInterval(Duration.ofSeconds(1))
            .until(() -> inProgress(stack) == 0);
        report(stack, tally, Duration.between(started, Instant.now()));
      }
    }
  }

  private static void run(
      SoakWorkload workload, int requests, int clients, long seed, SoakTally tally, Instant started)
      throws Exception {
    AtomicInteger next = new AtomicInteger();
    ExecutorService pool = Executors.newFixedThreadPool(clients);
    try {
      List<Future<?>> running = new ArrayList<>();
      for (int client = 0; client < clients; client++) {
        Random random = new Random(seed + client);
        running.add(
            pool.submit(
                () -> {
                  for (int sent = next.getAndIncrement();
                      sent < requests;
                      sent = next.getAndIncrement()) {
                    workload.runOne(random);
                    if (sent > 0 && sent % 1000 == 0) {
                      long seconds =
                          Math.max(1, Duration.between(started, Instant.now()).toSeconds());
                      System.out.printf(
                          "SOAK %d requests in %d s (%d/s), %d violations, %d worker kills%n",
                          sent,
                          seconds,
                          sent / seconds,
                          tally.violations().size(),
                          tally.workerKills.get());
                    }
                  }
                  return null;
                }));
      }
      for (Future<?> client : running) {
        client.get();
      }
    } finally {
      pool.shutdownNow();
    }
  }

  private static SoakWorkload.Tenant tenant(TestStack stack, String name, long credits)
      throws Exception {
    JsonNode created =
        stack
            .admin(
                "POST",
                "/admin/accounts",
                "{\"name\": \"%s\", \"plan\": \"soak\", \"credits\": %d}".formatted(name, credits))
            .json();
    return new SoakWorkload.Tenant(
        UUID.fromString(created.get("id").asString()), created.get("api_key").asString());
  }

  private static int inProgress(TestStack stack) {
    return stack
        .jdbc()
        .sql("SELECT count(*) FROM jobs WHERE state IN ('QUEUED', 'RUNNING')")
        .query(Integer.class)
        .single();
  }

  private static void report(TestStack stack, SoakTally tally, Duration elapsed) throws Exception {
    Settlement.Figures figures = Settlement.assertEveryJobSettledOnce(stack);
    JsonNode audit = figures.audit();
    long attemptsOverOne =
        stack.jdbc().sql("SELECT count(*) FROM jobs WHERE attempts > 1").query(Long.class).single();
    System.out.printf(
        """
        SOAK done in %d s: %d requests (%d/s) in %d HTTP calls
        SOAK requests by kind: %s
        SOAK answers by status: %s
        SOAK jobs %d: cards %d, failures %d; %d jobs needed more than one attempt
        SOAK books: credited %d, charges %d, releases %d, cards kept %d, reserved %d
        SOAK worker kills %d, violations %d, breaches %d
        """,
        elapsed.toSeconds(),
        tally.requests(),
        tally.requests() / Math.max(1, elapsed.toSeconds()),
        tally.httpCalls(),
        tally.requestsByKind(),
        tally.answersByStatus(),
        figures.jobs(),
        figures.cards(),
        figures.failures(),
        attemptsOverOne,
        audit.get("credited").asLong(),
        audit.get("charged").asLong(),
        audit.get("released").asLong(),
        audit.get("cards").asLong(),
        audit.get("reserved").asLong(),
        tally.workerKills.get(),
        tally.violations().size(),
        audit.get("breaches").size());
    tally.violations().stream().limit(20).forEach(v -> System.out.println("SOAK violation: " + v));
    assertThat(tally.violations()).isEmpty();
    assertThat(audit.get("breaches")).isEmpty();
  }
}
