package io.cardgen.standalone;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.cardgen.testsupport.PhotoHost;
import io.cardgen.testsupport.TestImages;
import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/**
 * Fair scheduling (batch-api §6, ADR 0008) with a FIFO as the foil: one account queues 2 000 items
 * of 4 s each on a worker with 6 batch slots (8 slots, 2 kept for synchronous work) — more than 20
 * minutes of work. On a FIFO queue a synchronous request and another account's 10-item batch
 * submitted afterwards would wait behind all of it. Here the request answers within its normal
 * latency and the small batch is done in seconds, while the big one has barely started. (Items of 8
 * s proved nothing more, and the small batch and the stop of the stack each waited for them.)
 */
class BatchFairnessIT {

  private static TestStack stack;
  private static BatchApi api;
  private static PhotoHost photos;

  @BeforeAll
  static void start() throws Exception {
    // The items link to a local photo host: 2 000 inline photos would make creating the batch
    // the slow part of the test (each one is stored in S3), which is not what it measures.
    photos = new PhotoHost().on("/p.png", PhotoHost.body(200, "image/png", TestImages.png(8, 8)));
    stack =
        TestStack.start(
            "--cardgen.worker.max-in-flight=8",
            "--cardgen.worker.batch.sync-reserve=2",
            "--cardgen.images.private-host-allowlist=127.0.0.1");
    api = new BatchApi(stack);
  }

  @AfterAll
  static void stop() {
    stack.close();
    photos.close();
  }

  private static String linkedItems(int count, String description) {
    String link = photos.link("127.0.0.1", "/p.png");
    return BatchApi.body(count, i -> description + " " + i, null)
        .replace(Banner.SAMPLE_PHOTO, link);
  }

  @Test
  void aSynchronousRequestAndAnotherAccountsSmallBatchOvertakeAHugeBatch() throws Exception {
    String plan = Tenants.aFullPlan().create(stack);
    Tenants.Tenant big = Tenants.account(stack, plan, 5_000);
    Tenants.Tenant small = Tenants.account(stack, plan, 100);
    Tenants.Tenant caller = Tenants.account(stack, plan, 100);
    Duration normal = timedCard(caller, "warm-up");

    TestStack.Response huge =
        api.create(big.apiKey(), null, linkedItems(2_000, "Диван [sim:slow=4000]"));
    assertThat(huge.status()).as(huge.toString()).isEqualTo(202);
    String hugeId = huge.json().get("data").get("id").asString();
    await("the big batch fills every batch slot")
        .atMost(Duration.ofSeconds(60))
        .until(() -> api.batch(big.apiKey(), hugeId).get("counts").get("running").asInt() == 6);

    Instant submitted = Instant.now();
    TestStack.Response little = api.create(small.apiKey(), null, linkedItems(10, "Табурет"));
    Duration card = timedCard(caller, "during-the-big-batch");
    String littleId = little.json().get("data").get("id").asString();
    await("the small batch completes")
        .atMost(Duration.ofSeconds(60))
        .pollInterval(Duration.ofMillis(200))
        .until(
            () -> api.batch(small.apiKey(), littleId).get("status").asString().equals("completed"));
    Duration smallBatch = Duration.between(submitted, Instant.now());
    JsonNode hugeCounts = api.batch(big.apiKey(), hugeId).get("counts");

    System.out.printf(
        "BatchFairnessIT: card %d ms alone, %d ms behind 2000 queued items; 10-item batch done"
            + " in %d ms while the big one had %d finished, %d queued%n",
        normal.toMillis(),
        card.toMillis(),
        smallBatch.toMillis(),
        hugeCounts.get("succeeded").asInt() + hugeCounts.get("failed").asInt(),
        hugeCounts.get("queued").asInt());
    assertThat(card).isLessThan(normal.plusSeconds(5));
    assertThat(smallBatch).isLessThan(Duration.ofSeconds(40));
    assertThat(api.batch(small.apiKey(), littleId).get("counts").get("succeeded").asInt())
        .isEqualTo(10);
    assertThat(hugeCounts.get("queued").asInt()).isGreaterThan(1_900);
  }

  private static Duration timedCard(Tenants.Tenant caller, String key) throws Exception {
    Instant start = Instant.now();
    TestStack.Response answer =
        stack.generate(caller.apiKey(), key, PipelineIT.request("Кресло-качалка", 300));
    assertThat(answer.status()).as(answer.toString()).isEqualTo(200);
    return Duration.between(start, Instant.now());
  }
}
