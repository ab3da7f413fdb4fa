package io.cardgen.standalone;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.cardgen.testsupport.PhotoHost;
import java.time.Duration;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.producer.RecordMetadata;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import tools.jackson.databind.JsonNode;

/**
 * Spec §3 per (account, key) through the whole stack, with a reply timeout of 2 s so that a slow
 * job outlives its request: lost replies, stored failures, duplicated deliveries, shared keys.
 * Clients here behave as the spec asks: on 503 or 409 they retry with the same key and fields.
 */
class IdempotencyIT {

  private static TestStack stack;
  private static PhotoHost photoHost;

  @BeforeAll
  static void start() throws Exception {
    stack =
        TestStack.start(
            "--cardgen.reply.timeout=2s",
            "--cardgen.reply.retry-after=1s",
            "--cardgen.images.private-host-allowlist=127.0.0.1",
            "--cardgen.idempotency.retention=1h",
            "--cardgen.idempotency.cleanup-interval=500ms");
    photoHost =
        new PhotoHost("127.0.0.1")
            .on(
                "/flaky.png",
                PhotoHost.firstThen(
                    PhotoHost.status(503), PhotoHost.body(200, "image/png", samplePhoto())));
  }

  @AfterAll
  static void stop() {
    photoHost.close();
    stack.close();
  }

  /** The answer a well-behaved client ends with: it retries on 503 and 409 with the same key. */
  private static TestStack.Response finalAnswer(String apiKey, String key, String body)
      throws Exception {
    return await("final answer for " + key)
        .atMost(Duration.ofSeconds(60))
        .pollInterval(Duration.ofMillis(500))
        .until(
            () -> stack.generate(apiKey, key, body),
            answer -> answer.status() != 503 && answer.status() != 409);
  }

  /** An account of its own for each test, so that no other test's job moves its balance. */
  private record Tenant(UUID id, String apiKey) {}

  private static Tenant tenant(String name) throws Exception {
    JsonNode created =
        stack
            .admin(
                "POST",
                "/admin/accounts",
                "{\"name\": \"%s\", \"plan\": \"demo\", \"credits\": 5}".formatted(name))
            .json();
    return new Tenant(
        UUID.fromString(created.get("id").asString()), created.get("api_key").asString());
  }

  private static long balance(Tenant tenant) throws Exception {
    return stack.account(tenant.id()).get("balance").asLong();
  }

  private static String code(TestStack.Response answer) {
    return answer.json().get("code").asString();
  }

  private static String uid(TestStack.Response answer) {
    return answer.json().get("data").get("uid").asString();
  }

  @Test
  void aReplyTheGatewayNeverGotIsNotAFailureAndTheRetryGetsTheCard() throws Exception {
    Tenant tenant = tenant("lost-reply");
    String key = "lost-reply";
    String body = PipelineIT.request("Электрический чайник из стекла [sim:slow=5000]", 300);

    TestStack.Response timedOut = stack.generate(tenant.apiKey(), key, body);

    assertThat(timedOut.status()).as(timedOut.toString()).isEqualTo(503);
    assertThat(code(timedOut)).isEqualTo("generation_unavailable");
    assertThat(timedOut.header("Retry-After")).isEqualTo("1");
    assertThat(timedOut.header("Idempotency-Key")).isEqualTo(key);
    assertThat(Settlement.job(stack, tenant.id(), key).creditState())
        .as("still running, credit held")
        .isEqualTo("RESERVED");
    TestStack.Response early = stack.generate(tenant.apiKey(), key, body);
    assertThat(early.status()).isEqualTo(409);
    assertThat(code(early)).isEqualTo("generation_in_progress");
    assertThat(early.header("Retry-After")).as("when to ask again").isEqualTo("1");
    assertThat(early.header("Idempotency-Key")).isEqualTo(key);

    TestStack.Response retried = finalAnswer(tenant.apiKey(), key, body);

    assertThat(retried.status()).as(retried.toString()).isEqualTo(200);
    assertThat(Settlement.job(stack, tenant.id(), key).chargedOnceWithItsCard()).isTrue();
    assertThat(balance(tenant)).isEqualTo(4);
    System.out.printf(
        "IdempotencyIT lost reply: 503 (Retry-After %s), then 409, then 200 card %s%n",
        timedOut.header("Retry-After"), uid(retried));
  }

  @Test
  void aStoredFailureReplaysWithoutChargingAndTheSameRequestUnderANewKeyCanSucceed()
      throws Exception {
    // The photo host fails once, then serves: the very same request fails under the first key
    // and succeeds under a new one, while a replay of the first key must not even ask again.
    Tenant tenant = tenant("flaky-photos");
    String body =
        """
        {"image_url": "%s", "short_description": "Шерстяной плед в клетку", "style": "standard"}
        """
            .formatted(photoHost.uri("/flaky.png"));

    TestStack.Response failed = finalAnswer(tenant.apiKey(), "flaky-1", body);
    assertThat(failed.status()).as(failed.toString()).isEqualTo(502);
    assertThat(code(failed)).isEqualTo("image_unavailable");
    assertThat(photoHost.requestsFor("/flaky.png")).isOne();

    TestStack.Response replayed = stack.generate(tenant.apiKey(), "flaky-1", body);
    assertThat(replayed.status()).isEqualTo(502);
    assertThat(code(replayed)).isEqualTo("image_unavailable");
    assertThat(photoHost.requestsFor("/flaky.png")).as("no new generation for a replay").isOne();
    assertThat(balance(tenant)).as("a failure costs nothing").isEqualTo(5);
    assertThat(stack.account(tenant.id()).get("reserved").asLong()).isZero();
    assertThat(Settlement.job(stack, tenant.id(), "flaky-1").failedAndReleased()).isTrue();

    TestStack.Response fresh = finalAnswer(tenant.apiKey(), "flaky-2", body);
    assertThat(fresh.status()).as(fresh.toString()).isEqualTo(200);
    assertThat(photoHost.requestsFor("/flaky.png")).isEqualTo(2);
    assertThat(balance(tenant)).isEqualTo(4);
    System.out.printf(
        "IdempotencyIT stored failure: %s twice for flaky-1 (the photo host asked once),"
            + " then 200 for the same fields under flaky-2%n",
        code(failed));
  }

  @Test
  void twoAccountsUsingTheSameKeyNeverSeeEachOthersCard() throws Exception {
    Tenant first = tenant("shop-one");
    Tenant second = tenant("shop-two");
    String key = "order-1001";
    String body = PipelineIT.request("Кожаный кошелёк ручной работы", 300);

    TestStack.Response ofFirst = finalAnswer(first.apiKey(), key, body);
    TestStack.Response ofSecond = finalAnswer(second.apiKey(), key, body);

    assertThat(ofFirst.status()).isEqualTo(200);
    assertThat(ofSecond.status()).isEqualTo(200);
    assertThat(uid(ofFirst)).isNotEqualTo(uid(ofSecond));
    assertThat(uid(stack.generate(first.apiKey(), key, body))).isEqualTo(uid(ofFirst));
    assertThat(uid(stack.generate(second.apiKey(), key, body))).isEqualTo(uid(ofSecond));
    TestStack.Response otherFields =
        stack.generate(second.apiKey(), key, PipelineIT.request("Кожаный ремень", 300));
    assertThat(otherFields.status()).as("the key is the second account's own").isEqualTo(409);
    assertThat(code(otherFields)).isEqualTo("idempotency_conflict");
    assertThat(balance(first)).isEqualTo(4);
    assertThat(balance(second)).isEqualTo(4);
  }

  @Test
  void theSameKeyWithChangedFieldsIsAConflictThatChargesNothing() throws Exception {
    Tenant tenant = tenant("changed-fields");
    String key = "changed-fields";
    TestStack.Response card =
        finalAnswer(tenant.apiKey(), key, PipelineIT.request("Фарфоровый заварочный чайник", 300));

    TestStack.Response changed =
        stack.generate(
            tenant.apiKey(), key, PipelineIT.request("Фарфоровый заварочный чайник", 400));

    // A replay compares, it does not generate: its links are not judged (nor resolved) first.
    TestStack.Response privateLink =
        stack.generate(
            tenant.apiKey(),
            key,
            "{\"image_url\": \"http://10.1.2.3/p.jpg\", \"short_description\":"
                + " \"Фарфоровый заварочный чайник\", \"style\": \"standard\", \"length\": 300}");

    assertThat(card.status()).isEqualTo(200);
    assertThat(changed.status()).isEqualTo(409);
    assertThat(code(changed)).isEqualTo("idempotency_conflict");
    assertThat(privateLink.status()).isEqualTo(409);
    assertThat(code(privateLink)).isEqualTo("idempotency_conflict");
    assertThat(balance(tenant)).isEqualTo(4);
  }

  @Test
  void aRetryGetsItsCardEvenAfterThePlanLostTheOptionsTheRequestUsed() throws Exception {
    Tenant tenant = tenant("downgraded");
    String plain =
        """
        {"name": "no-extras", "api_access": true, "max_photos": 1, "max_length": 1000,
         "features_count": 3, "audience": true, "headers_count": 0, "slogans_count": 0,
         "creativity": false, "keywords": false, "rate_limit_per_minute": 600}
        """;
    assertThat(stack.admin("POST", "/admin/plans", plain).status()).isEqualTo(201);
    String body = PipelineIT.request("Сумка-шоппер из хлопка", 300);
    TestStack.Response card = finalAnswer(tenant.apiKey(), "before-downgrade", body);
    stack.admin("PATCH", "/admin/accounts/" + tenant.id(), "{\"plan\": \"no-extras\"}");

    TestStack.Response replayed = stack.generate(tenant.apiKey(), "before-downgrade", body);
    TestStack.Response fresh = stack.generate(tenant.apiKey(), "after-downgrade", body);

    assertThat(card.status()).isEqualTo(200);
    assertThat(replayed.status()).as(replayed.toString()).isEqualTo(200);
    assertThat(uid(replayed)).isEqualTo(uid(card));
    assertThat(fresh.status()).isEqualTo(403);
    assertThat(code(fresh)).isEqualTo("tariff_option_unavailable");
    assertThat(balance(tenant)).isEqualTo(4);
  }

  /**
   * Spec §3: a used key is answered by its state, whatever the plan allows today. Changed fields
   * get 409, even where the plan would refuse them under a new key; a deleted card gets 410 for any
   * request under its key; and nothing is charged.
   */
  @Test
  void aChangedRequestUnderAUsedKeyConflictsWhateverThePlanSays() throws Exception {
    String noHeaders =
        Tenants.aFullPlan().with("headers_count", 0).with("max_photos", 1).create(stack);
    Tenants.Tenant tenant = Tenants.account(stack, noHeaders, 5);
    String key = "key-before-plan";
    String photo = "\"" + Banner.SAMPLE_PHOTO + "\"";
    TestStack.Response card =
        finalAnswer(tenant.apiKey(), key, cardRequest(photo, "\"length\": 300"));

    List<TestStack.Response> changed =
        List.of(
            stack.generate(
                tenant.apiKey(), key, cardRequest(photo, "\"length\": 300, \"headers\": true")),
            stack.generate(
                tenant.apiKey(),
                key,
                cardRequest("[" + photo + ", " + photo + "]", "\"length\": 300")),
            stack.generate(tenant.apiKey(), key, cardRequest(photo, "\"length\": 2000")),
            stack.generate(tenant.apiKey(), key, cardRequest(photo, "\"length\": 400")));

    assertThat(card.status()).as(card.toString()).isEqualTo(200);
    assertThat(changed)
        .allSatisfy(
            answer -> {
              assertThat(answer.status()).as(answer.toString()).isEqualTo(409);
              assertThat(code(answer)).isEqualTo("idempotency_conflict");
            });
    assertThat(stack.admin("DELETE", "/admin/cards/" + uid(card), null).status()).isEqualTo(204);
    TestStack.Response deletedWithHeaders =
        stack.generate(
            tenant.apiKey(), key, cardRequest(photo, "\"length\": 300, \"headers\": true"));
    assertThat(deletedWithHeaders.status()).as(deletedWithHeaders.toString()).isEqualTo(410);
    assertThat(code(deletedWithHeaders)).isEqualTo("result_deleted");
    assertThat(stack.account(tenant.id()).get("balance").asLong()).isEqualTo(4);
  }

  private static String cardRequest(String photos, String moreFields) {
    return """
        {"image_url": %s, "short_description": "Стеклянная ваза для цветов", "style": "standard",
         %s}
        """
        .formatted(photos, moreFields);
  }

  @Test
  void aKeyPastItsRetentionIsForgottenAndTheSameRequestIsANewGeneration() throws Exception {
    Tenant tenant = tenant("retention");
    String key = "kept-for-an-hour";
    String body = PipelineIT.request("Настенные часы с маятником", 300);
    TestStack.Response card = finalAnswer(tenant.apiKey(), key, body);
    UUID job = Settlement.job(stack, tenant.id(), key).id();

    stack
        .jdbc()
        .sql("UPDATE jobs SET finished_at = finished_at - INTERVAL '61 minutes' WHERE id = :id")
        .param("id", job)
        .update();
    await("key removed by the cleanup")
        .atMost(Duration.ofSeconds(30))
        .until(() -> Settlement.findJob(stack, tenant.id(), key).isEmpty());
    TestStack.Response again = finalAnswer(tenant.apiKey(), key, body);

    assertThat(card.status()).isEqualTo(200);
    assertThat(again.status()).isEqualTo(200);
    assertThat(uid(again)).as("a new card").isNotEqualTo(uid(card));
    assertThat(balance(tenant)).as("and a new charge").isEqualTo(3);
    long keptLedgerRows =
        stack
            .jdbc()
            .sql("SELECT count(*) FROM credit_ledger WHERE job_id = :id")
            .param("id", job)
            .query(Long.class)
            .single();
    assertThat(keptLedgerRows).as("RESERVE and CHARGE of the removed job").isEqualTo(2);
    assertThat(stack.audit().get("breaches")).isEmpty();
  }

  @Test
  void aServerGeneratedKeyReplaysLikeTheClientsOwn() throws Exception {
    Tenant tenant = tenant("generated-key");
    String body = PipelineIT.request("Набор кухонных ножей", 300);
    TestStack.Response first = stack.generate(tenant.apiKey(), null, body);
    String generated = first.header("Idempotency-Key");

    TestStack.Response replayed = finalAnswer(tenant.apiKey(), generated, body);

    assertThat(generated).startsWith("srv-");
    assertThat(first.status()).as("the card, or 503 if it outlived the wait").isIn(200, 503);
    assertThat(replayed.status()).isEqualTo(200);
    if (first.status() == 200) {
      assertThat(replayed.json().get("data")).isEqualTo(first.json().get("data"));
    }
    assertThat(Settlement.job(stack, tenant.id(), generated).chargedOnceWithItsCard()).isTrue();
    assertThat(balance(tenant)).isEqualTo(4);
  }

  /**
   * A worker commits a card before it waits for the disk and only then replies (ADR 0033); a retry
   * arriving in between must not be answered from a card the disk may not have yet, so the replay
   * waits for the disk too: one durability barrier, counted by its sequence.
   */
  @Test
  void aReplayOfAFinishedCardWaitsForTheDiskBeforeAnswering() throws Exception {
    Tenant tenant = tenant("replay-barrier");
    String key = "replay-barrier";
    String body = PipelineIT.request("Льняная скатерть", 300);
    TestStack.Response card = finalAnswer(tenant.apiKey(), key, body);
    long before = barriersRun();

    TestStack.Response replayed = stack.generate(tenant.apiKey(), key, body);

    assertThat(card.status()).isEqualTo(200);
    assertThat(replayed.status()).isEqualTo(200);
    assertThat(uid(replayed)).isEqualTo(uid(card));
    assertThat(barriersRun()).isEqualTo(before + 1);
  }

  private static long barriersRun() {
    return stack.jdbc().sql("SELECT last_value FROM durability_barrier").query(Long.class).single();
  }

  /** Once as the sweeper republishes a job (no headers), once as the gateway published it. */
  @ParameterizedTest(name = "redelivered with the gateway''s headers: {0}")
  @ValueSource(booleans = {false, true})
  void aJobDeliveredTwiceMakesOneCardAndOneCharge(boolean asPublished) throws Exception {
    Tenant tenant = tenant("delivered-twice-" + asPublished);
    String key = "delivered-twice-" + asPublished;
    String body = PipelineIT.request("Складной велосипед [sim:slow=1500]", 300);
    CompletableFuture<TestStack.Response> client =
        CompletableFuture.supplyAsync(
            () -> {
              try {
                return finalAnswer(tenant.apiKey(), key, body);
              } catch (Exception failure) {
                throw new IllegalStateException(failure);
              }
            });
    UUID job =
        await("job running")
            .atMost(Duration.ofSeconds(30))
            .until(
                () -> Settlement.findJob(stack, tenant.id(), key),
                found -> found.filter(j -> j.state().equals("RUNNING")).isPresent())
            .orElseThrow()
            .id();

    RecordMetadata whileRunning = JobRedelivery.deliverAgain(stack, job, key, asPublished);
    TestStack.Response answer = client.get(60, TimeUnit.SECONDS);
    RecordMetadata afterFinishing = JobRedelivery.deliverAgain(stack, job, key, asPublished);
    JobRedelivery.awaitConsumed(stack, whileRunning);
    JobRedelivery.awaitConsumed(stack, afterFinishing);

    assertThat(answer.status()).as(answer.toString()).isEqualTo(200);
    Settlement.JobBooks books = Settlement.job(stack, tenant.id(), key);
    assertThat(books.attempts()).isOne();
    assertThat(books.chargedOnceWithItsCard()).as(books.toString()).isTrue();
    assertThat(balance(tenant)).isEqualTo(4);
    System.out.printf(
        "IdempotencyIT delivered job %s twice more (%s, %s), both consumed: %s%n",
        job, whileRunning, afterFinishing, books);
  }

  /** The PNG of the banner's example request: a photo the service is known to accept. */
  private static byte[] samplePhoto() {
    return java.util.Base64.getDecoder()
        .decode(Banner.SAMPLE_PHOTO.substring("data:image/png;base64,".length()));
  }
}
