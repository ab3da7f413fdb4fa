package io.cardgen.standalone;

import static io.cardgen.testsupport.WebhookReceiver.status;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.cardgen.testsupport.WebhookReceiver;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Base64;
import java.util.List;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/**
 * Batches and webhooks together, as a seller sees them: a batch with a {@code webhook_url} ends,
 * and the receiver — failing the first attempt — gets the retry with the same {@code webhook-id}, a
 * signature it can check with the secret the admin API showed, and the batch as {@code GET
 * /api/batches/{id}} shows it.
 */
class BatchWebhookIT {

  private static TestStack stack;
  private static BatchApi api;
  private static String plan;

  @BeforeAll
  static void start() throws Exception {
    stack =
        TestStack.start(
            "--cardgen.batch.webhook-private-host-allowlist=127.0.0.1",
            "--cardgen.webhooks.private-host-allowlist=127.0.0.1",
            // The receivers fail their first call: without these each case waited out the
            // default first retry (5 s, at least half of it) and poll (1 s).
            "--cardgen.webhooks.first-retry=1s",
            "--cardgen.webhooks.poll-interval=200ms");
    api = new BatchApi(stack);
    plan = Tenants.aFullPlan().create(stack);
  }

  @AfterAll
  static void stop() {
    stack.close();
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
      List<WebhookReceiver.Received> calls = awaitDeliveries(receiver);

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
      List<WebhookReceiver.Received> calls = awaitDeliveries(receiver);

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

  private static List<WebhookReceiver.Received> awaitDeliveries(WebhookReceiver receiver) {
    await("the failed attempt and its retry")
        .atMost(Duration.ofSeconds(120))
        .until(() -> receiver.received().size() >= 2);
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

  /** What a receiver computes from the specification alone: v1,base64(HMAC-SHA256). */
  private static String signature(String secret, String signed) throws Exception {
    Mac mac = Mac.getInstance("HmacSHA256");
    byte[] key = Base64.getDecoder().decode(secret.substring("whsec_".length()));
    mac.init(new SecretKeySpec(key, "HmacSHA256"));
    return "v1,"
        + Base64.getEncoder().encodeToString(mac.doFinal(signed.getBytes(StandardCharsets.UTF_8)));
  }
}
