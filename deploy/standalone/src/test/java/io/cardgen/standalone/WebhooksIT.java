package io.cardgen.standalone;

import static io.cardgen.testsupport.WebhookReceiver.status;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.cardgen.common.webhook.SealingKey;
import io.cardgen.common.webhook.WebhookSecret;
import io.cardgen.testsupport.OutboxRows;
import io.cardgen.testsupport.WebhookReceiver;
import io.cardgen.worker.WorkerApplication;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.UUID;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.springframework.context.ConfigurableApplicationContext;
import tools.jackson.databind.JsonNode;

/**
 * Signed webhooks on the whole stack (batch-api §7): the admin API shows and rotates an account's
 * secret, and the worker delivers an outbox row, as a finishing batch writes it, to a receiver on
 * 127.0.0.1 (allowlisted here as an operator would allowlist a private receiver).
 *
 * <p>Batches and webhooks together, as a seller sees them (once BatchWebhookIT, on a stack of its
 * own with these same settings): a batch with a {@code webhook_url} ends, and the receiver —
 * failing the first attempt — gets the retry with the same {@code webhook-id}, a signature it can
 * check with the secret the admin API showed, and the batch as {@code GET /api/batches/{id}} shows
 * it.
 */
class WebhooksIT {

  private static TestStack stack;

  /** The worker delivering now: the stack's own, or the one started after it was stopped. */
  private static ConfigurableApplicationContext worker;

  private static ConfigurableApplicationContext restarted;

  private static BatchApi api;
  private static String plan;

  @BeforeAll
  static void start() throws Exception {
    // Retried at once and looked for often: the receivers here fail their first call, and each
    // case waited out the default first retry (5 s, at least half of it) and poll (1 s).
    stack =
        TestStack.start(
            "--cardgen.webhooks.private-host-allowlist=127.0.0.1",
            "--cardgen.batch.webhook-private-host-allowlist=127.0.0.1",
            "--cardgen.webhooks.first-retry=1s",
            "--cardgen.webhooks.poll-interval=200ms");
    worker = stack.app.worker();
    api = new BatchApi(stack);
    plan = Tenants.aFullPlan().create(stack);
  }

  @AfterAll
  static void stop() {
    if (restarted != null) {
      restarted.close();
    }
    stack.close();
  }

  @Test
  void theAdminApiCreatesAndRotatesAnAccountsWebhookSecret() throws Exception {
    String path = "/admin/accounts/" + newAccount() + "/webhook-secret";

    TestStack.Response created = stack.admin("POST", path, null);
    assertThat(created.status()).as(created.toString()).isEqualTo(200);
    String first = created.json().get("secret").asString();
    assertThat(first).startsWith("whsec_");
    assertThat(Base64.getDecoder().decode(first.substring("whsec_".length())).length)
        .isGreaterThanOrEqualTo(24);

    String second = stack.admin("POST", path, null).json().get("secret").asString();
    assertThat(second).startsWith("whsec_").isNotEqualTo(first);
    assertThat(
            stack
                .admin("POST", "/admin/accounts/" + UUID.randomUUID() + "/webhook-secret", null)
                .status())
        .isEqualTo(404);
    assertThat(stack.admin("POST", path, null, null, stack.adminPort).status()).isEqualTo(401);
    assertThat(stack.admin("POST", path, null, TestStack.ADMIN_TOKEN, stack.publicPort).status())
        .isEqualTo(404);
  }

  @Test
  void aReceiverThatFailsFirstGetsTheRetryWithTheSameIdAndAValidSignature() throws Exception {
    try (WebhookReceiver receiver = new WebhookReceiver("127.0.0.1").answering(status(500))) {
      UUID account = newAccount();
      String secret =
          stack
              .admin("POST", "/admin/accounts/" + account + "/webhook-secret", null)
              .json()
              .get("secret")
              .asString();
      String payload =
          "{\"type\":\"batch.completed\",\"timestamp\":\"2026-11-23T10:00:00Z\","
              + "\"data\":{\"id\":\"bat_1\",\"status\":\"completed\"}}";
      double deliveredBefore = deliveries("delivered");
      double retriedBefore = deliveries("retried");
      UUID id = aFinishedBatchsWebhook(account, receiver.url("/hooks"), payload);

      await().atMost(Duration.ofSeconds(60)).until(() -> "DELIVERED".equals(state(id)));

      assertThat(receiver.received()).hasSize(2);
      for (WebhookReceiver.Received call : receiver.received()) {
        assertThat(call.header("webhook-id")).isEqualTo(id.toString());
        assertThat(call.header("content-type")).isEqualTo("application/json");
        assertThat(call.body()).isEqualTo(payload);
        String timestamp = call.header("webhook-timestamp");
        assertThat(Long.parseLong(timestamp))
            .isCloseTo(Instant.now().getEpochSecond(), org.assertj.core.data.Offset.offset(120L));
        assertThat(call.header("webhook-signature"))
            .isEqualTo(signature(secret, id + "." + timestamp + "." + call.body()));
      }
      assertThat(deliveries("delivered") - deliveredBefore).isOne();
      assertThat(deliveries("retried") - retriedBefore).isOne();
      assertThat(workerMetrics())
          .contains("cardgen_webhook_delivery_seconds_count")
          .contains("cardgen_webhook_pending");
    }
  }

  @Test
  void anEventWrittenWhileNoWorkerRunsIsDeliveredByTheWorkerStartedNext() throws Exception {
    try (WebhookReceiver receiver = new WebhookReceiver("127.0.0.1").answering(status(500))) {
      stopTheWorker();
      UUID id =
          aFinishedBatchsWebhook(
              newAccount(), receiver.url("/hooks"), "{\"type\":\"batch.cancelled\"}");
      assertThat(state(id)).isEqualTo("PENDING");

      startAWorker();

      await().atMost(Duration.ofSeconds(60)).until(() -> "DELIVERED".equals(state(id)));
      assertThat(receiver.received())
          .extracting(call -> call.header("webhook-id"))
          .containsExactly(id.toString(), id.toString());
    }
  }

  @Test
  void theStandaloneSealsSecretsWithAKeyItKeepsInItsDataDirectory() throws Exception {
    UUID account = newAccount();

    String secret = rotate(account).get("secret").asString();

    Path keyFile = stack.dataDir.resolve("webhook-sealing-key");
    assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(keyFile)))
        .isEqualTo("rw-------");
    String keyId = SealingKey.parse(Files.readString(keyFile), "the key file").id();
    assertThat(storedSecret(account))
        .startsWith("sealed:v1:" + keyId + ":")
        .doesNotContain("whsec_")
        .doesNotContain(secret.substring("whsec_".length()));
  }

  @Test
  void aRotatedSecretSignsBesideTheNewOneUntilItsOverlapEndsThenOnlyTheNewOneSigns()
      throws Exception {
    try (WebhookReceiver receiver = new WebhookReceiver("127.0.0.1")) {
      UUID account = newAccount();
      String before = rotate(account).get("secret").asString();
      JsonNode rotated = rotate(account);
      String after = rotated.get("secret").asString();
      assertThat(rotated.get("previous_valid_until").asString())
          .as("six fractional digits, as every time the API shows")
          .matches("\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}\\.\\d{6}Z");
      Instant until = Instant.parse(rotated.get("previous_valid_until").asString());
      assertThat(until)
          .isBetween(
              Instant.now().plus(Duration.ofHours(24)).minusSeconds(120),
              Instant.now().plus(Duration.ofHours(24)));

      UUID during = aFinishedBatchsWebhook(account, receiver.url("/hooks"), "{\"n\":1}");
      await().atMost(Duration.ofSeconds(60)).until(() -> "DELIVERED".equals(state(during)));
      // The overlap's end, as a day later: the worker compares the row's time with its clock.
      stack
          .jdbc()
          .sql(
              """
              UPDATE accounts SET webhook_previous_valid_until = now() - interval '1 second'
              WHERE id = :id
              """)
          .param("id", account)
          .update();
      UUID past = aFinishedBatchsWebhook(account, receiver.url("/hooks"), "{\"n\":2}");
      await().atMost(Duration.ofSeconds(60)).until(() -> "DELIVERED".equals(state(past)));

      WebhookReceiver.Received first = receiver.received().get(0);
      assertThat(first.header("webhook-signature").split(" "))
          .containsExactly(signatureOf(first, after), signatureOf(first, before));
      WebhookReceiver.Received second = receiver.received().get(1);
      assertThat(second.header("webhook-signature")).isEqualTo(signatureOf(second, after));
    }
  }

  @Test
  void aPlainSecretFromBeforeSealingIsSealedWhenAWorkerStartsAndStillSigns() throws Exception {
    try (WebhookReceiver receiver = new WebhookReceiver("127.0.0.1")) {
      UUID account = newAccount();
      String plain = WebhookSecret.generate().value();
      stopTheWorker();
      stack
          .jdbc()
          .sql("UPDATE accounts SET webhook_secret = :plain WHERE id = :id")
          .param("plain", plain)
          .param("id", account)
          .update();

      startAWorker();

      String sealed =
          "sealed:v1:" + SealingKey.parse(stack.app.sealingKey().orElseThrow(), "k").id();
      await().atMost(Duration.ofSeconds(60)).until(() -> storedSecret(account).startsWith(sealed));
      UUID id = aFinishedBatchsWebhook(account, receiver.url("/hooks"), "{\"n\":3}");
      await().atMost(Duration.ofSeconds(60)).until(() -> "DELIVERED".equals(state(id)));
      WebhookReceiver.Received call = receiver.received().get(0);
      assertThat(call.header("webhook-signature")).isEqualTo(signatureOf(call, plain));
    }
  }

  @Test
  void aCompletedBatchIsDeliveredSignedAfterAFailedFirstAttempt() throws Exception {
    try (WebhookReceiver receiver = new WebhookReceiver("127.0.0.1").answering(status(500))) {
      Tenants.Tenant tenant = Tenants.account(stack, plan, 10);
      String secret = secretOf(tenant);
      String body =
          BatchApi.body(
              3,
              i -> i == 1 ? "Кружка номер " + i + " [sim:refuse]" : "Кружка номер " + i,
              "\"webhook_url\": \"" + receiver.url("/hooks") + "\"");

      String id = created(api.create(tenant.apiKey(), null, body));
      List<WebhookReceiver.Received> calls = awaitDeliveries(receiver, tenant);

      JsonNode batch = api.batch(tenant.apiKey(), id);
      assertThat(batch.get("status").asString()).isEqualTo("completed");
      assertSignedAndSame(calls, secret);
      JsonNode event = TestStack.JSON.readTree(calls.get(0).body());
      assertThat(event.get("type").asString()).isEqualTo("batch.completed");
      assertThat(event.get("data")).isEqualTo(batch);
      assertThat(event.get("data").get("counts").get("failed").asInt()).isEqualTo(1);
      assertThat(event.get("data").get("counts").get("succeeded").asInt()).isEqualTo(2);
    }
  }

  @Test
  void aCancelledBatchSendsBatchCancelledOnceItsRunningItemsEnd() throws Exception {
    try (WebhookReceiver receiver = new WebhookReceiver("127.0.0.1").answering(status(500))) {
      Tenants.Tenant tenant = Tenants.account(stack, plan, 40);
      String secret = secretOf(tenant);
      String body =
          BatchApi.body(
              40,
              i -> "Светильник номер " + i + " [sim:slow=1500]",
              "\"webhook_url\": \"" + receiver.url("/hooks") + "\"");

      String id = created(api.create(tenant.apiKey(), null, body));
      assertThat(api.cancel(tenant.apiKey(), id).status()).isEqualTo(200);
      List<WebhookReceiver.Received> calls = awaitDeliveries(receiver, tenant);

      assertSignedAndSame(calls, secret);
      JsonNode event = TestStack.JSON.readTree(calls.get(0).body());
      assertThat(event.get("type").asString()).isEqualTo("batch.cancelled");
      assertThat(event.get("data").get("status").asString()).isEqualTo("cancelled");
      assertThat(event.get("data")).isEqualTo(api.batch(tenant.apiKey(), id));
      JsonNode account = stack.account(tenant.id());
      assertThat(account.get("reserved").asLong()).isZero();
      assertThat(account.get("balance").asLong())
          .isEqualTo(40 - event.get("data").get("counts").get("succeeded").asLong());
    }
  }

  private static String created(TestStack.Response created) {
    assertThat(created.status()).as(created.toString()).isEqualTo(202);
    return created.json().get("data").get("id").asString();
  }

  private static String secretOf(Tenants.Tenant tenant) throws Exception {
    TestStack.Response secret =
        stack.admin("POST", "/admin/accounts/" + tenant.id() + "/webhook-secret", null);
    assertThat(secret.status()).as(secret.toString()).isEqualTo(200);
    return secret.json().get("secret").asString();
  }

  /**
   * The failed attempt and its retry, once the retry is recorded as delivered: another case counts
   * the worker's deliveries before and after its own, and this one's must not land in between.
   */
  private static List<WebhookReceiver.Received> awaitDeliveries(
      WebhookReceiver receiver, Tenants.Tenant tenant) {
    await("the failed attempt and its retry")
        .atMost(Duration.ofSeconds(120))
        .until(() -> receiver.received().size() >= 2);
    await("the retry recorded as delivered")
        .atMost(Duration.ofSeconds(30))
        .until(
            () ->
                stack
                    .jdbc()
                    .sql(
                        "SELECT count(*) FROM webhook_deliveries"
                            + " WHERE account_id = :account AND state <> 'DELIVERED'")
                    .param("account", tenant.id())
                    .query(Long.class)
                    .single(),
            pending -> pending == 0);
    return receiver.received();
  }

  private static void assertSignedAndSame(List<WebhookReceiver.Received> calls, String secret)
      throws Exception {
    assertThat(calls).hasSize(2);
    String webhookId = calls.get(0).header("webhook-id");
    assertThat(webhookId).isNotBlank();
    for (WebhookReceiver.Received call : calls) {
      assertThat(call.header("webhook-id")).isEqualTo(webhookId);
      assertThat(call.body()).isEqualTo(calls.get(0).body());
      String signed = webhookId + "." + call.header("webhook-timestamp") + "." + call.body();
      assertThat(call.header("webhook-signature")).isEqualTo(signature(secret, signed));
    }
  }

  /** Stops the worker delivering now, the stack's own or one started by a test. */
  private static void stopTheWorker() {
    if (restarted != null) {
      restarted.close();
      restarted = null;
    } else {
      stack.stopInProcessWorker();
    }
  }

  /** A worker as a separate deployment would start it, with the stack's settings and key. */
  private static void startAWorker() {
    List<String> args = new ArrayList<>(stack.processArguments());
    args.add("--server.port=0");
    restarted = WorkerApplication.run(args.toArray(String[]::new));
    worker = restarted;
  }

  private static JsonNode rotate(UUID account) throws Exception {
    TestStack.Response rotated =
        stack.admin("POST", "/admin/accounts/" + account + "/webhook-secret", null);
    assertThat(rotated.status()).as(rotated.toString()).isEqualTo(200);
    return rotated.json();
  }

  private static String storedSecret(UUID account) {
    return stack
        .jdbc()
        .sql("SELECT webhook_secret FROM accounts WHERE id = :id")
        .param("id", account)
        .query(String.class)
        .single();
  }

  private static String signatureOf(WebhookReceiver.Received call, String secret) throws Exception {
    return signature(
        secret,
        call.header("webhook-id") + "." + call.header("webhook-timestamp") + "." + call.body());
  }

  private static UUID newAccount() throws Exception {
    TestStack.Response created =
        stack.admin("POST", "/admin/accounts", "{\"name\": \"hooked\", \"credits\": 0}");
    assertThat(created.status()).as(created.toString()).isEqualTo(201);
    return UUID.fromString(created.json().get("id").asString());
  }

  /** The outbox row a batch writes when it completes: the contract between batches and delivery. */
  private static UUID aFinishedBatchsWebhook(UUID account, String url, String payload) {
    return OutboxRows.aPendingDelivery(stack.jdbc(), account, url, payload, Instant.now());
  }

  private static String state(UUID id) {
    return stack
        .jdbc()
        .sql("SELECT state FROM webhook_deliveries WHERE id = :id")
        .param("id", id)
        .query(String.class)
        .single();
  }

  /** What a receiver computes, from the specification alone. */
  private static String signature(String secret, String signed) throws Exception {
    Mac mac = Mac.getInstance("HmacSHA256");
    mac.init(
        new SecretKeySpec(
            Base64.getDecoder().decode(secret.substring("whsec_".length())), "HmacSHA256"));
    return "v1,"
        + Base64.getEncoder().encodeToString(mac.doFinal(signed.getBytes(StandardCharsets.UTF_8)));
  }

  private static double deliveries(String outcome) throws Exception {
    Matcher value =
        Pattern.compile("cardgen_webhook_deliveries_total\\{outcome=\"" + outcome + "\"\\} (\\S+)")
            .matcher(workerMetrics());
    return value.find() ? Double.parseDouble(value.group(1)) : 0;
  }

  private static String workerMetrics() throws Exception {
    String port = worker.getEnvironment().getProperty("local.server.port");
    java.net.http.HttpResponse<String> response =
        java.net.http.HttpClient.newHttpClient()
            .send(
                java.net.http.HttpRequest.newBuilder(
                        java.net.URI.create("http://localhost:" + port + "/actuator/prometheus"))
                    .build(),
                java.net.http.HttpResponse.BodyHandlers.ofString());
    return response.body();
  }
}
