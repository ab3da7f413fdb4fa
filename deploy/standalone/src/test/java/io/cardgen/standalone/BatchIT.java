package io.cardgen.standalone;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.cardgen.common.wire.Topics;
import io.micrometer.core.instrument.MeterRegistry;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.ListOffsetsResult;
import org.apache.kafka.clients.admin.OffsetSpec;
import org.apache.kafka.common.TopicPartition;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.s3.S3Client;
import tools.jackson.databind.JsonNode;

/**
 * The batch contract (batch-api) through HTTP against the whole stack: the simulator's directives
 * make items fail, the books are checked afterwards. The worker has 16 slots, 4 kept for
 * synchronous work, so a batch of a few dozen slow items keeps some queued.
 */
class BatchIT {

  private static final Duration FINISH = Duration.ofSeconds(90);
  private static TestStack stack;
  private static BatchApi api;
  private static String plan;

  @BeforeAll
  static void start() throws Exception {
    stack =
        TestStack.start(
            "--cardgen.worker.max-in-flight=16",
            "--cardgen.worker.batch.sync-reserve=4",
            "--cardgen.batch.max-items=200",
            "--cardgen.batch.max-body-size=1MB",
            "--cardgen.batch.max-item-size=256KB",
            "--cardgen.batch.webhook-private-host-allowlist=127.0.0.1");
    api = new BatchApi(stack);
    plan = Tenants.aFullPlan().create(stack);
  }

  @AfterAll
  static void stop() {
    stack.close();
  }

  private static Tenants.Tenant account(long credits) throws Exception {
    return Tenants.account(stack, plan, credits);
  }

  private static JsonNode awaitStatus(Tenants.Tenant tenant, String id, String status) {
    return api.awaitStatus(tenant.apiKey(), id, status, FINISH);
  }

  private static void assertBooks(Tenants.Tenant tenant, long balance) throws Exception {
    JsonNode account = stack.account(tenant.id());
    assertThat(account.get("balance").asLong()).isEqualTo(balance);
    assertThat(account.get("reserved").asLong()).isZero();
    JsonNode audit = stack.audit();
    assertThat(audit.get("breaches").size()).as(audit.toString()).isZero();
  }

  private static void assertSeqsAreOneToN(List<JsonNode> lines, int count) {
    assertThat(lines)
        .extracting(line -> line.get("seq").asInt())
        .containsExactlyElementsOf(IntStream.rangeClosed(1, count).boxed().toList());
  }

  @Test
  void mixedItemsEndChargedOrReleasedWithOneWebhookRowAndResultsThatResume() throws Exception {
    Tenants.Tenant tenant = account(10);
    String body =
        BatchApi.body(
            6,
            i -> i % 3 == 0 ? "Чайник номер " + i + " [sim:refuse]" : "Чайник номер " + i,
            "\"webhook_url\": \"http://127.0.0.1:9/hooks\", \"metadata\": {\"import\": \"autumn\","
                + " \"mood\": \""
                + "😀".repeat(512)
                + "\"}");

    TestStack.Response created = api.create(tenant.apiKey(), null, body);

    assertThat(created.status()).as(created.toString()).isEqualTo(202);
    JsonNode batch = created.json().get("data");
    String id = batch.get("id").asString();
    assertThat(id).startsWith("bat_");
    assertThat(batch.get("counts").get("total").asInt()).isEqualTo(6);
    assertThat(batch.get("metadata").get("import").asString()).isEqualTo("autumn");
    // 512 characters, 1 024 UTF-16 units: the limit counts characters.
    assertThat(batch.get("metadata").get("mood").asString()).isEqualTo("😀".repeat(512));
    JsonNode done = awaitStatus(tenant, id, "completed");
    JsonNode counts = done.get("counts");
    assertThat(counts.get("succeeded").asInt()).isEqualTo(4);
    assertThat(counts.get("failed").asInt()).isEqualTo(2);
    assertThat(counts.get("queued").asInt() + counts.get("running").asInt()).isZero();
    assertThat(done.get("completed_at").isNull()).isFalse();
    assertBooks(tenant, 10 - 4);

    List<JsonNode> all = api.results(tenant.apiKey(), id, "");
    assertSeqsAreOneToN(all, 6);
    assertThat(all)
        .filteredOn(line -> line.get("status").asString().equals("failed"))
        .hasSize(2)
        .allSatisfy(
            line -> {
              assertThat(line.get("error").get("code").asString()).isEqualTo("generation_refused");
              assertThat(line.get("card").isNull()).isTrue();
            });
    assertThat(all)
        .filteredOn(line -> line.get("status").asString().equals("succeeded"))
        .hasSize(4)
        .allSatisfy(line -> assertThat(line.get("card").get("uid").asString()).isNotBlank());
    List<JsonNode> rest = api.results(tenant.apiKey(), id, "?after=4");
    assertThat(rest).isEqualTo(all.subList(4, 6));
    assertThat(api.results(tenant.apiKey(), id, "?after=6")).isEmpty();
    assertThat(api.results(tenant.apiKey(), id, "?status=failed"))
        .isEqualTo(all.stream().filter(l -> l.get("status").asString().equals("failed")).toList());
    // A HEAD answers with the status and type of a GET (it no longer reads the results for it).
    for (int head = 0; head < 5; head++) {
      assertThat(api.resultsHead(tenant.apiKey(), id)).startsWith("200 application/x-ndjson");
    }
    // Twice an account's four stream slots, one read after another: each gives its slot back.
    for (int read = 0; read < 4; read++) {
      assertThat(api.results(tenant.apiKey(), id, "?after=5")).hasSize(1);
    }

    List<Map<String, Object>> hooks = api.webhookRows(id);
    assertThat(hooks).hasSize(1);
    assertThat(hooks.get(0))
        .containsEntry("event_type", "batch.completed")
        .containsEntry("url", "http://127.0.0.1:9/hooks");
    JsonNode payload = TestStack.JSON.readTree((String) hooks.get(0).get("payload"));
    assertThat(payload.get("type").asString()).isEqualTo("batch.completed");
    assertThat(payload.get("data")).isEqualTo(api.batch(tenant.apiKey(), id));
  }

  /**
   * Nobody waits for a batch item's end: the batch's counts, results and webhook are read from
   * PostgreSQL. So an item sends no wake-up to the replies topic and runs no durability barrier
   * (ADR 0042). The items' slots are given back only after an end's barrier would have run, so once
   * the worker runs no batch item the barrier's sequence is final. No synchronous request runs in
   * this class, so both counts would move only through the items.
   */
  @Test
  void itemsEndWithoutAWakeUpOrADurabilityBarrier() throws Exception {
    Tenants.Tenant tenant = account(10);
    long barriers = barriersRun();
    long replies = repliesSent();

    String id =
        api.create(tenant.apiKey(), null, BatchApi.body(5, i -> "Ваза номер " + i, null))
            .json()
            .get("data")
            .get("id")
            .asString();
    awaitStatus(tenant, id, "completed");
    await("the items' slots given back").atMost(FINISH).until(() -> batchItemsRunning() == 0);

    assertThat(api.batch(tenant.apiKey(), id).get("counts").get("succeeded").asInt()).isEqualTo(5);
    assertThat(repliesSent()).as("records on " + Topics.REPLIES).isEqualTo(replies);
    assertThat(barriersRun()).as("durability barriers run").isEqualTo(barriers);
    assertBooks(tenant, 10 - 5);

    // The reader pays instead: lines are handed out only once they are on disk.
    assertThat(api.results(tenant.apiKey(), id, "")).hasSize(5);
    assertThat(barriersRun()).as("durability barriers run").isGreaterThan(barriers);
  }

  private static double batchItemsRunning() {
    return stack
        .app
        .worker()
        .getBean(MeterRegistry.class)
        .get("cardgen.jobs.running")
        .tag("class", "batch")
        .gauge()
        .value();
  }

  private static long barriersRun() {
    return stack.jdbc().sql("SELECT last_value FROM durability_barrier").query(Long.class).single();
  }

  private static long repliesSent() throws Exception {
    try (Admin admin = Admin.create(stack.kafka().clientProperties())) {
      Map<TopicPartition, OffsetSpec> ends =
          admin
              .describeTopics(List.of(Topics.REPLIES))
              .allTopicNames()
              .get()
              .get(Topics.REPLIES)
              .partitions()
              .stream()
              .collect(
                  Collectors.toMap(
                      partition -> new TopicPartition(Topics.REPLIES, partition.partition()),
                      partition -> OffsetSpec.latest()));
      return admin.listOffsets(ends).all().get().values().stream()
          .mapToLong(ListOffsetsResult.ListOffsetsResultInfo::offset)
          .sum();
    }
  }

  @Test
  void cancelReleasesQueuedItemsAtOnceAndEndsCancelledWhenTheRunningOnesFinish() throws Exception {
    Tenants.Tenant tenant = account(100);
    String body =
        BatchApi.body(40, i -> "Лампа номер " + i + " [sim:slow=1500]", "\"webhook_url\": null");
    String id =
        api.create(tenant.apiKey(), "cancel-1", body).json().get("data").get("id").asString();
    await("items running")
        .atMost(FINISH)
        .until(() -> api.batch(tenant.apiKey(), id).get("counts").get("running").asInt() > 0);

    TestStack.Response cancelled = api.cancel(tenant.apiKey(), id);

    assertThat(cancelled.status()).as(cancelled.toString()).isEqualTo(200);
    JsonNode now = cancelled.json().get("data");
    assertThat(now.get("status").asString()).isIn("cancelling", "cancelled");
    assertThat(now.get("counts").get("queued").asInt()).isZero();
    assertThat(now.get("counts").get("cancelled").asInt()).isPositive();
    JsonNode done = awaitStatus(tenant, id, "cancelled");
    JsonNode counts = done.get("counts");
    int succeeded = counts.get("succeeded").asInt();
    assertThat(succeeded + counts.get("failed").asInt() + counts.get("cancelled").asInt())
        .isEqualTo(40);
    assertBooks(tenant, 100 - succeeded);
    assertSeqsAreOneToN(api.results(tenant.apiKey(), id, ""), 40);
    assertThat(api.results(tenant.apiKey(), id, "?status=cancelled"))
        .hasSize(counts.get("cancelled").asInt())
        .allSatisfy(line -> assertThat(line.get("error").isNull()).isTrue());
    TestStack.Response again = api.cancel(tenant.apiKey(), id);
    assertThat(again.json().get("data")).isEqualTo(done);
  }

  @Test
  void theSameKeyAndBodyReturnTheSameBatchAndAnotherBodyConflicts() throws Exception {
    Tenants.Tenant tenant = account(10);
    String body = BatchApi.body(2, i -> "Кружка " + i, null);

    TestStack.Response first = api.create(tenant.apiKey(), "same-key", body);
    TestStack.Response second = api.create(tenant.apiKey(), "same-key", body);
    TestStack.Response other =
        api.create(tenant.apiKey(), "same-key", BatchApi.body(3, i -> "Кружка " + i, null));

    assertThat(first.status()).isEqualTo(202);
    assertThat(second.status()).isEqualTo(202);
    assertThat(second.json().get("data").get("id")).isEqualTo(first.json().get("data").get("id"));
    assertThat(other.status()).isEqualTo(409);
    assertThat(other.json().get("code").asString()).isEqualTo("idempotency_conflict");
    assertThat(api.batchesOf(tenant.id())).isEqualTo(1);
    awaitStatus(tenant, first.json().get("data").get("id").asString(), "completed");
    assertBooks(tenant, 10 - 2);
  }

  /**
   * batch-api §2: links are judged when their item runs, so a link into the internal network fails
   * that item with {@code image_invalid} and releases its credit; the other items are untouched. A
   * synchronous request with the same link is refused before anything is created (ProtocolEdgesIT).
   */
  @Test
  void aPhotoLinkToAPrivateAddressFailsItsItemNotTheBatch() throws Exception {
    // The address after DNS, and links whose text alone the photo-link rules refuse (127.0.0.1
    // as one number, a zone, a port no connection can use, credentials): each fails its item.
    List<String> refused =
        List.of(
            "http://10.1.2.3/p.jpg",
            "http://2130706433/p.jpg",
            "http://[fe80::1%25eth0]/p.jpg",
            "http://example.com:99999/p.jpg",
            "http://user:secret@example.com/p.jpg");
    Tenants.Tenant tenant = account(1 + refused.size());
    StringBuilder body = new StringBuilder("{\"items\": [" + BatchApi.item("ok-1", "Сумка"));
    for (int index = 0; index < refused.size(); index++) {
      body.append(", {\"custom_id\": \"refused-")
          .append(index)
          .append("\", \"request\": {\"image_url\": \"")
          .append(refused.get(index))
          .append("\", \"short_description\": \"Сумка\", \"style\": \"standard\",")
          .append(" \"length\": 300}}");
    }
    body.append("]}");

    TestStack.Response created = api.create(tenant.apiKey(), null, body.toString());

    assertThat(created.status()).as(created.toString()).isEqualTo(202);
    String id = created.json().get("data").get("id").asString();
    JsonNode done = awaitStatus(tenant, id, "completed");
    assertThat(done.get("counts").get("succeeded").asInt()).isEqualTo(1);
    assertThat(done.get("counts").get("failed").asInt()).isEqualTo(refused.size());
    List<JsonNode> failed = api.results(tenant.apiKey(), id, "?status=failed");
    assertThat(failed).hasSize(refused.size());
    for (JsonNode line : failed) {
      assertThat(line.get("custom_id").asString()).startsWith("refused-");
      assertThat(line.get("error").get("code").asString())
          .as(line.toString())
          .isEqualTo("image_invalid");
    }
    assertBooks(tenant, refused.size());
  }

  @Test
  void invalidItemsAreListedAndNothingIsCreated() throws Exception {
    Tenants.Tenant tenant = account(10);
    String body =
        "{\"items\": ["
            + BatchApi.item("ok-1", "Сумка")
            + ", {\"custom_id\": \"no-desc\", \"request\": {\"image_url\": \"https://example.com/a.jpg\"}}"
            + ", "
            + BatchApi.item("bad id!", "Сумка")
            + ", "
            + BatchApi.item("ok-1", "Сумка")
            + ", {\"custom_id\": \"no-request\"}"
            + ", "
            + BatchApi.item("x".repeat(100_000), "Сумка")
            + "]}";

    TestStack.Response refused = api.create(tenant.apiKey(), null, body);

    assertThat(refused.status()).as(refused.toString()).isEqualTo(422);
    assertThat(refused.json().get("code").asString()).isEqualTo("invalid_parameters");
    assertThat(refused.json().get("success").asBoolean()).isFalse();
    JsonNode errors = refused.json().get("errors");
    assertThat(errors).hasSize(5);
    assertThat(errors).extracting(e -> e.get("line").asInt()).containsExactly(2, 3, 4, 5, 6);
    assertThat(errors.get(0).get("custom_id").asString()).isEqualTo("no-desc");
    assertThat(errors.get(0).get("message").asString()).contains("short_description");
    assertThat(errors.get(1).get("custom_id").asString()).isEqualTo("bad id!");
    assertThat(errors.get(2).get("message").asString()).contains("ok-1");
    // An invalid id is quoted short, not echoed whole.
    assertThat(errors.get(4).get("custom_id").asString()).isEqualTo("x".repeat(40) + "…");
    assertThat(errors)
        .allSatisfy(e -> assertThat(e.get("code").asString()).isEqualTo("invalid_parameters"));
    assertThat(api.batchesOf(tenant.id())).isZero();
    assertThat(api.jobsOf(tenant.id())).isZero();
    assertBooks(tenant, 10);
  }

  @Test
  void malformedBodiesTooManyItemsAndOversizedBodiesAreRefused() throws Exception {
    Tenants.Tenant tenant = account(1000);

    TestStack.Response malformed =
        api.create(tenant.apiKey(), null, "{\"items\": [\n" + BatchApi.item("a", "x") + ",\n{oops");
    TestStack.Response tooMany =
        api.create(tenant.apiKey(), null, BatchApi.body(201, i -> "Шарф " + i, null));
    TestStack.Response tooLarge =
        api.create(
            tenant.apiKey(),
            null,
            "{\"items\": ["
                + BatchApi.item("a", "x")
                + "], \"pad\": \""
                + "x".repeat(1_100_000)
                + "\"}");
    TestStack.Response empty = api.create(tenant.apiKey(), null, "{\"items\": []}");
    String bigItem =
        "{\"custom_id\": \"big\", \"request\": {\"short_description\": \"x\", \"pad\": \""
            + "x".repeat(400_000)
            + "\"}}";
    TestStack.Response itemTooLarge =
        api.create(
            tenant.apiKey(),
            null,
            "{\"items\": [" + BatchApi.item("a", "x") + ", " + bigItem + "]}");

    assertThat(malformed.status()).isEqualTo(422);
    assertThat(malformed.json().get("message").asString()).contains("строке 3");
    assertThat(tooMany.status()).isEqualTo(422);
    assertThat(tooMany.json().get("message").asString()).contains("200");
    assertThat(tooLarge.status()).isEqualTo(413);
    assertThat(tooLarge.json().get("code").asString()).isEqualTo("payload_too_large");
    TestStack.Response plainText =
        api.create(tenant.apiKey(), null, "text/plain", "", BatchApi.body(1, i -> "Шарф", null));
    TestStack.Response compressed =
        api.createWithHeader(
            tenant.apiKey(), "Content-Encoding", "gzip", BatchApi.body(1, i -> "Шарф", null));
    TestStack.Response utf16 =
        api.create(
            tenant.apiKey(),
            null,
            "application/x-ndjson; charset=utf-16",
            "",
            BatchApi.item("a", "Шарф"));

    assertThat(empty.status()).isEqualTo(422);
    assertThat(plainText.status()).isEqualTo(415);
    assertThat(plainText.json().get("code").asString()).isEqualTo("unsupported_media_type");
    assertThat(plainText.json().get("message").asString()).contains("application/x-ndjson");
    assertThat(utf16.status()).isEqualTo(415);
    assertThat(compressed.status()).as(compressed.toString()).isEqualTo(415);
    assertThat(compressed.json().get("message").asString()).contains("Content-Encoding");
    assertThat(itemTooLarge.status()).as(itemTooLarge.toString()).isEqualTo(413);
    assertThat(itemTooLarge.json().get("code").asString()).isEqualTo("payload_too_large");
    assertThat(itemTooLarge.json().get("message").asString())
        .contains("Элемент 2")
        .contains("256 КиБ");
    assertThat(api.batchesOf(tenant.id())).isZero();
    assertBooks(tenant, 1000);
  }

  @Test
  void tooFewCreditsRefusesTheWholeBatchAndRemovesItsPhotos() throws Exception {
    Tenants.Tenant tenant = account(2);
    int objectsBefore = objects();

    TestStack.Response refused =
        api.create(tenant.apiKey(), null, BatchApi.body(3, i -> "Плед " + i, null));

    assertThat(refused.status()).as(refused.toString()).isEqualTo(403);
    assertThat(refused.json().get("code").asString()).isEqualTo("insufficient_credits");
    assertThat(api.batchesOf(tenant.id())).isZero();
    assertThat(api.jobsOf(tenant.id())).isZero();
    // through the removal queue, on its own thread: the refusal did not wait for the deletes
    await("the refused batch's photos removed")
        .atMost(Duration.ofSeconds(30))
        .until(() -> objects() == objectsBefore);
    assertBooks(tenant, 2);
  }

  private static int objects() {
    try (S3Client s3 = stack.s3()) {
      return s3
          .listObjectsV2Paginator(
              r ->
                  r.bucket(
                      stack.app.stackProperties().getOrDefault("cardgen.s3.bucket", "cardgen")))
          .contents()
          .stream()
          .mapToInt(o -> 1)
          .sum();
    }
  }

  @Test
  void anotherAccountsBatchAndUnknownIdsAreNotFound() throws Exception {
    Tenants.Tenant owner = account(5);
    Tenants.Tenant other = account(5);
    String id =
        api.create(owner.apiKey(), null, BatchApi.body(1, i -> "Зонт", null))
            .json()
            .get("data")
            .get("id")
            .asString();

    for (String path :
        List.of(
            "/api/batches/" + id,
            "/api/batches/" + id + "/results",
            "/api/batches/bat_00000000-0000-0000-0000-000000000000",
            "/api/batches/nonsense")) {
      TestStack.Response answer = api.get(other.apiKey(), path);
      assertThat(answer.status()).as(path).isEqualTo(404);
      assertThat(answer.json().get("code").asString()).isEqualTo("not_found");
    }
    assertThat(api.cancel(other.apiKey(), id).status()).isEqualTo(404);
    JsonNode list = api.get(other.apiKey(), "/api/batches").json().get("data");
    assertThat(list.get("items")).isEmpty();
    awaitStatus(owner, id, "completed");
  }

  @Test
  void aLegacyAccountGetsItsRevisionsAnswer() throws Exception {
    Tenants.Tenant legacy = Tenants.legacyAccount(stack, plan, 5);

    TestStack.Response answer =
        api.create(legacy.apiKey(), null, BatchApi.body(1, i -> "Зонт", null));

    assertThat(answer.status()).isEqualTo(400);
    assertThat(answer.json().get("success").asBoolean()).isFalse();
    assertThat(answer.json().get("error").asString()).contains("версии API");
    assertThat(answer.json().has("code")).isFalse();
  }

  @Test
  void anNdjsonBodyWithOptionsInTheQueryIsABatchToo() throws Exception {
    Tenants.Tenant tenant = account(5);
    String body = BatchApi.item("line-1", "Ваза") + "\n\n" + BatchApi.item("line-2", "Ваза") + "\n";

    TestStack.Response created =
        api.create(
            tenant.apiKey(),
            null,
            "application/x-ndjson",
            "?metadata=%7B%22k%22%3A%22v%22%7D",
            body);

    assertThat(created.status()).as(created.toString()).isEqualTo(202);
    String id = created.json().get("data").get("id").asString();
    assertThat(created.json().get("data").get("metadata").get("k").asString()).isEqualTo("v");
    awaitStatus(tenant, id, "completed");
    assertThat(api.results(tenant.apiKey(), id, ""))
        .extracting(line -> line.get("custom_id").asString())
        .containsExactlyInAnyOrder("line-1", "line-2");
  }

  /**
   * Options in the query are for an NDJSON body only: with a JSON body they were dropped unchecked,
   * so a client that meant its webhook never got a callback, nor heard why (review finding).
   */
  @Test
  void aJsonBodyWithOptionsInTheQueryIsRefusedNotStrippedOfThem() throws Exception {
    Tenants.Tenant tenant = account(5);
    for (String query :
        List.of("?webhook_url=https%3A%2F%2F127.0.0.1%2Fh", "?metadata=%7B%22k%22%3A%22v%22%7D")) {
      TestStack.Response answer =
          api.create(
              tenant.apiKey(),
              null,
              "application/json",
              query,
              BatchApi.body(1, i -> "Зонт", null));

      assertThat(answer.status()).as(query).isEqualTo(422);
      assertThat(answer.json().get("code").asString()).isEqualTo("invalid_parameters");
      assertThat(answer.json().get("message").asString()).contains("webhook_url", "NDJSON");
    }
    assertThat(api.batchesOf(tenant.id())).isZero();
  }

  @Test
  void aWebhookUrlToAPrivateAddressOrOverPlainHttpIsRefused() throws Exception {
    Tenants.Tenant tenant = account(5);
    for (String url :
        List.of(
            "https://10.0.0.1/hook",
            "http://192.168.1.1/hook",
            "ftp://127.0.0.1/x",
            "https://[::1]/h")) {
      TestStack.Response answer =
          api.create(
              tenant.apiKey(),
              null,
              BatchApi.body(1, i -> "Зонт", "\"webhook_url\": \"" + url + "\""));
      assertThat(answer.status()).as(url).isEqualTo(422);
      assertThat(answer.json().get("message").asString()).contains("webhook_url");
    }
    assertThat(api.batchesOf(tenant.id())).isZero();
  }

  @Test
  void theListPagesNewestFirst() throws Exception {
    Tenants.Tenant tenant = account(10);
    List<String> ids = new java.util.ArrayList<>();
    for (int i = 0; i < 3; i++) {
      ids.add(
          api.create(tenant.apiKey(), null, BatchApi.body(1, n -> "Шапка", null))
              .json()
              .get("data")
              .get("id")
              .asString());
    }

    JsonNode first = api.get(tenant.apiKey(), "/api/batches?limit=2").json().get("data");
    JsonNode second =
        api.get(tenant.apiKey(), "/api/batches?limit=2&after=" + first.get("next").asString())
            .json()
            .get("data");

    assertThat(first.get("items"))
        .extracting(b -> b.get("id").asString())
        .containsExactly(ids.get(2), ids.get(1));
    assertThat(second.get("items"))
        .extracting(b -> b.get("id").asString())
        .containsExactly(ids.get(0));
    assertThat(second.get("next").isNull()).isTrue();
    assertThat(api.get(tenant.apiKey(), "/api/batches?limit=0").status()).isEqualTo(422);
    // The oldest batch as the cursor is the list's end, not an unknown cursor.
    TestStack.Response end = api.get(tenant.apiKey(), "/api/batches?after=" + ids.get(0));
    assertThat(end.status()).isEqualTo(200);
    assertThat(end.json().get("data").get("items")).isEmpty();
    assertThat(end.json().get("data").get("next").isNull()).isTrue();
    // Another account's batch is no cursor of this one's, as an unknown id is not.
    TestStack.Response foreign = api.get(account(1).apiKey(), "/api/batches?after=" + ids.get(0));
    assertThat(foreign.status()).isEqualTo(422);
    assertThat(code(foreign)).isEqualTo("invalid_parameters");
  }

  private static String code(TestStack.Response answer) {
    return answer.json().get("code").asString();
  }

  /** batch-api §2 and §4: every parameter outside its rule is 422, and nothing is created. */
  @Test
  void parametersOutsideTheirRulesAreRefusedAndCreateNothing() throws Exception {
    Tenants.Tenant tenant = account(200);
    String one = BatchApi.body(1, i -> "Шарф", null);
    String seventeenPairs =
        IntStream.rangeClosed(1, 17)
            .mapToObj(i -> "\"k" + i + "\": \"v\"")
            .collect(Collectors.joining(", ", "\"metadata\": {", "}"));
    String id = api.create(tenant.apiKey(), null, one).json().get("data").get("id").asString();
    long created = api.batchesOf(tenant.id());

    TestStack.Response badKey =
        api.create(tenant.apiKey(), "a key with spaces", BatchApi.body(1, i -> "Шарф", null));
    TestStack.Response tooManyPairs =
        api.create(tenant.apiKey(), null, BatchApi.body(1, i -> "Шарф", seventeenPairs));
    TestStack.Response longValue =
        api.create(
            tenant.apiKey(),
            null,
            BatchApi.body(1, i -> "Шарф", "\"metadata\": {\"k\": \"" + "v".repeat(513) + "\"}"));
    TestStack.Response numberValue =
        api.create(
            tenant.apiKey(), null, BatchApi.body(1, i -> "Шарф", "\"metadata\": {\"k\": 1}"));
    // Text that jsonb cannot hold is the client's error (it was 503 when the insert failed).
    TestStack.Response nulCharacter =
        api.create(
            tenant.apiKey(),
            null,
            BatchApi.body(1, i -> "Шарф", "\"metadata\": {\"k\": \"a\\u0000b\"}"));
    TestStack.Response loneSurrogate =
        api.create(
            tenant.apiKey(),
            null,
            BatchApi.body(1, i -> "Шарф", "\"metadata\": {\"\\ud800\": \"v\"}"));
    TestStack.Response manyBadItems =
        api.create(tenant.apiKey(), null, BatchApi.body(150, i -> "", null));

    for (TestStack.Response refused :
        List.of(
            badKey,
            tooManyPairs,
            longValue,
            numberValue,
            nulCharacter,
            loneSurrogate,
            manyBadItems)) {
      assertThat(refused.status()).as(refused.toString()).isEqualTo(422);
      assertThat(code(refused)).isEqualTo("invalid_parameters");
    }
    assertThat(manyBadItems.json().get("errors")).hasSize(100);
    assertThat(manyBadItems.json().get("message").asString()).contains("не менее 100");
    assertThat(api.batchesOf(tenant.id())).isEqualTo(created);
    for (String query :
        List.of(
            "/api/batches/" + id + "/results?after=abc",
            "/api/batches/" + id + "/results?status=bogus",
            "/api/batches?after=not-a-cursor")) {
      TestStack.Response refused = api.get(tenant.apiKey(), query);
      assertThat(refused.status()).as(query + " " + refused).isEqualTo(422);
      assertThat(code(refused)).isEqualTo("invalid_parameters");
    }
    awaitStatus(tenant, id, "completed");
    TestStack.Response cancelFinished = api.cancel(tenant.apiKey(), id);
    assertThat(cancelFinished.status()).isEqualTo(200);
    assertThat(cancelFinished.json().get("data")).isEqualTo(api.batch(tenant.apiKey(), id));
    assertThat(cancelFinished.json().get("data").get("status").asString()).isEqualTo("completed");
  }

  @Test
  void anAccountWithoutAPlanOrWithoutApiAccessIsRefusedWith403() throws Exception {
    Tenants.Tenant noPlan = Tenants.account(stack, null, 5);
    Tenants.Tenant noApi =
        Tenants.account(stack, Tenants.aFullPlan().with("api_access", false).create(stack), 5);
    String body = BatchApi.body(1, i -> "Шарф", null);

    TestStack.Response withoutPlan = api.create(noPlan.apiKey(), null, body);
    TestStack.Response withoutApi = api.create(noApi.apiKey(), null, body);

    assertThat(withoutPlan.status()).as(withoutPlan.toString()).isEqualTo(403);
    assertThat(code(withoutPlan)).isEqualTo("plan_required");
    assertThat(withoutApi.status()).as(withoutApi.toString()).isEqualTo(403);
    assertThat(code(withoutApi)).isEqualTo("api_unavailable");
    assertThat(api.batchesOf(noPlan.id()) + api.batchesOf(noApi.id())).isZero();
  }

  /** Two batches racing for the last credits: one is created, the other refused, none over. */
  @Test
  void twoBatchesThatTogetherExceedTheBalanceReserveNoMoreThanIt() throws Exception {
    Tenants.Tenant tenant = account(5);
    String body = BatchApi.body(3, i -> "Шарф [sim:slow=2000]", null);
    java.util.concurrent.ExecutorService clients =
        java.util.concurrent.Executors.newFixedThreadPool(2);
    try {
      java.util.concurrent.CountDownLatch start = new java.util.concurrent.CountDownLatch(1);
      List<java.util.concurrent.Future<TestStack.Response>> answers = new java.util.ArrayList<>();
      for (int client = 0; client < 2; client++) {
        answers.add(
            clients.submit(
                () -> {
                  start.await();
                  return api.create(tenant.apiKey(), null, body);
                }));
      }
      start.countDown();
      List<Integer> statuses = new java.util.ArrayList<>();
      for (var answer : answers) {
        statuses.add(answer.get().status());
      }

      assertThat(statuses).containsExactlyInAnyOrder(202, 403);
      assertThat(stack.account(tenant.id()).get("reserved").asLong()).isLessThanOrEqualTo(5);
    } finally {
      clients.shutdownNow();
    }
    await("the batch's items end")
        .atMost(FINISH)
        .until(() -> stack.account(tenant.id()).get("reserved").asLong() == 0);
    assertBooks(tenant, 5 - 3);
  }

  @Test
  void anOptionThePlanLacksRefusesTheBatchWith403() throws Exception {
    Tenants.Tenant tenant = Tenants.account(stack, Tenants.aBarePlan().create(stack), 5);
    String item =
        "{\"custom_id\": \"h\", \"request\": {\"image_url\": \"%s\", \"short_description\": \"Зонт\", \"style\": \"standard\", \"headers\": true}}"
            .formatted(Banner.SAMPLE_PHOTO);

    TestStack.Response answer = api.create(tenant.apiKey(), null, "{\"items\": [" + item + "]}");

    assertThat(answer.status()).as(answer.toString()).isEqualTo(403);
    assertThat(answer.json().get("code").asString()).isEqualTo("tariff_option_unavailable");
    assertThat(answer.json().get("errors").get(0).get("code").asString())
        .isEqualTo("tariff_option_unavailable");
  }
}
