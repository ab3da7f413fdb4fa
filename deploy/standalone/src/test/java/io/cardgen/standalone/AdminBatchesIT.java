package io.cardgen.standalone;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/**
 * An operator's view of any account's batches: {@code GET /admin/accounts/{id}/batches} and {@code
 * POST /admin/batches/{id}/cancel}, which cancels exactly as the account's own cancel does (its
 * money, its webhook), only on the management port and only with the admin token. The worker has 16
 * slots, 4 kept for synchronous work, so a batch of 40 slow items keeps most of them queued.
 */
class AdminBatchesIT {

  private static final Duration FINISH = Duration.ofSeconds(120);
  // Far longer than the two calls between "items running" and the cancel take, so no item ends in
  // between and the books before and after differ by the cancel alone; below the LLM's timeout.
  private static final String SLOW = " [sim:slow=6000]";
  // The admin API's own 404 (AdminErrors), told apart from the public "no such route" answer.
  private static final String NOT_FOUND = "Объект не найден.";
  private static TestStack stack;
  private static BatchApi api;
  private static String plan;

  @BeforeAll
  static void start() throws Exception {
    stack =
        TestStack.start(
            "--cardgen.worker.max-in-flight=16",
            "--cardgen.worker.batch.sync-reserve=4",
            "--cardgen.batch.webhook-private-host-allowlist=127.0.0.1");
    api = new BatchApi(stack);
    plan = Tenants.aFullPlan().create(stack);
  }

  @AfterAll
  static void stop() {
    stack.close();
  }

  private static String create(Tenants.Tenant tenant, String body) throws Exception {
    TestStack.Response created = api.create(tenant.apiKey(), null, body);
    assertThat(created.status()).as(created.toString()).isEqualTo(202);
    return created.json().get("data").get("id").asString();
  }

  private static JsonNode awaitStatus(Tenants.Tenant tenant, String id, String status) {
    return api.awaitStatus(tenant.apiKey(), id, status, FINISH);
  }

  private static TestStack.Response listOf(UUID account, String query) throws Exception {
    return stack.admin("GET", "/admin/accounts/" + account + "/batches" + query, null);
  }

  private static TestStack.Response adminCancel(String id) throws Exception {
    return stack.admin("POST", "/admin/batches/" + id + "/cancel", null);
  }

  /** The ledger's releases of the batch's items: how many, and for how many distinct items. */
  private static List<Long> releases(String batch) {
    Map<String, Object> row =
        stack
            .jdbc()
            .sql(
                """
                SELECT count(*) AS releases, count(DISTINCT l.job_id) AS items
                FROM credit_ledger l JOIN jobs j ON j.id = l.job_id
                WHERE j.batch_id = CAST(:batch AS uuid) AND l.kind = 'RELEASE'
                """)
            .param("batch", batch.substring("bat_".length()))
            .query()
            .singleRow();
    return List.of(
        ((Number) row.get("releases")).longValue(), ((Number) row.get("items")).longValue());
  }

  private static String code(TestStack.Response response) {
    return response.json().get("code").asString();
  }

  /** Pages of two walk the account's batches newest first, each once, as its own API shows them. */
  @Test
  void listsAnAccountsBatchesNewestFirstInPagesWithoutAGapOrARepeat() throws Exception {
    Tenants.Tenant tenant = Tenants.account(stack, plan, 20);
    Tenants.Tenant other = Tenants.account(stack, plan, 5);
    List<String> created = new ArrayList<>();
    for (int batch = 0; batch < 5; batch++) {
      created.add(create(tenant, BatchApi.body(1, i -> "Подушка", null)));
    }
    String others = create(other, BatchApi.body(1, i -> "Плед", null));
    for (String id : created) {
      awaitStatus(tenant, id, "completed");
    }
    List<String> newestFirst = new ArrayList<>(created);
    Collections.reverse(newestFirst);

    List<JsonNode> walked = new ArrayList<>();
    String after = null;
    int pages = 0;
    do {
      TestStack.Response page =
          listOf(tenant.id(), "?limit=2" + (after == null ? "" : "&after=" + after));
      assertThat(page.status()).as(page.toString()).isEqualTo(200);
      assertThat(page.json().get("items").size()).isBetween(1, 2);
      page.json().get("items").forEach(walked::add);
      after = page.json().get("next").isNull() ? null : page.json().get("next").asString();
      pages++;
    } while (after != null && pages < 10);

    assertThat(pages).isEqualTo(3);
    assertThat(walked).extracting(batch -> batch.get("id").asString()).isEqualTo(newestFirst);
    for (JsonNode batch : walked) {
      assertThat(batch).isEqualTo(api.batch(tenant.apiKey(), batch.get("id").asString()));
    }
    JsonNode whole = listOf(tenant.id(), "").json();
    assertThat(whole.get("next").isNull()).as("the default page holds all five").isTrue();
    assertThat(whole.get("items")).containsExactlyElementsOf(walked);
    assertThat(listOf(other.id(), "").json().get("items"))
        .extracting(batch -> batch.get("id").asString())
        .containsExactly(others);

    for (String query :
        List.of(
            "?limit=0",
            "?limit=501",
            "?limit=abc",
            "?after=not-a-cursor",
            "?after=bat_" + UUID.randomUUID(),
            // A bare batch id, the cursor of earlier versions, must name one of the account's.
            "?after=" + others)) {
      TestStack.Response refused = listOf(tenant.id(), query);
      assertThat(refused.status()).as(query + " " + refused).isEqualTo(422);
      assertThat(code(refused)).isEqualTo("invalid_parameters");
    }
    TestStack.Response unknown = listOf(UUID.randomUUID(), "");
    assertThat(unknown.status()).isEqualTo(404);
    assertThat(code(unknown)).isEqualTo("not_found");
    assertThat(unknown.json().get("message").asString()).isEqualTo(NOT_FOUND);
  }

  /**
   * The operator cancels an account's running batch: its queued items end cancelled with their
   * credits released once each, the running ones finish and charge, one batch.cancelled webhook.
   * Calls without the token, or on the public port, or with the path spelled otherwise, are refused
   * and release nothing.
   */
  @Test
  void cancelsAnAccountsRunningBatchReleasingExactlyTheQueuedItemsCredits() throws Exception {
    Tenants.Tenant tenant = Tenants.account(stack, plan, 100);
    String id =
        create(
            tenant,
            BatchApi.body(
                40,
                i -> "Лампа номер " + i + SLOW,
                "\"webhook_url\": \"http://127.0.0.1:9/hooks\""));
    await("items running")
        .atMost(FINISH)
        .until(() -> api.batch(tenant.apiKey(), id).get("counts").get("running").asInt() > 0);
    JsonNode before = stack.account(tenant.id());
    assertThat(before.get("balance").asLong()).isEqualTo(100);
    assertThat(before.get("reserved").asLong())
        .as("nothing ended, nothing cancelled")
        .isEqualTo(40);
    assertThat(api.batch(tenant.apiKey(), id).get("status").asString()).isEqualTo("in_progress");

    TestStack.Response cancelled = adminCancel(id);

    assertThat(cancelled.status()).as(cancelled.toString()).isEqualTo(200);
    JsonNode now = cancelled.json();
    assertThat(now.get("id").asString()).isEqualTo(id);
    assertThat(now.get("status").asString()).isEqualTo("cancelling");
    JsonNode counts = now.get("counts");
    int queuedCancelled = counts.get("cancelled").asInt();
    assertThat(counts.get("queued").asInt()).isZero();
    assertThat(queuedCancelled).isPositive();
    assertThat(queuedCancelled + counts.get("running").asInt()).isEqualTo(40);
    JsonNode after = stack.account(tenant.id());
    assertThat(after.get("balance").asLong()).isEqualTo(100);
    assertThat(after.get("reserved").asLong()).isEqualTo(40 - queuedCancelled);
    assertThat(releases(id)).containsExactly((long) queuedCancelled, (long) queuedCancelled);
    assertThat(api.batch(tenant.apiKey(), id).get("status").asString()).isEqualTo("cancelling");

    TestStack.Response again = adminCancel(id);
    assertThat(again.status()).isEqualTo(200);
    assertThat(again.json().get("counts").get("cancelled").asInt()).isEqualTo(queuedCancelled);
    assertThat(releases(id))
        .as("released once")
        .containsExactly((long) queuedCancelled, (long) queuedCancelled);

    // Without the token, on the public port, or spelled otherwise, a cancel is refused (after the
    // real one, which must see the books as the running items left them).
    String path = "/admin/batches/" + id + "/cancel";
    for (String token : new String[] {null, "wrong", TestStack.ADMIN_TOKEN + "x"}) {
      assertThat(stack.admin("POST", path, null, token, stack.adminPort).status())
          .as(String.valueOf(token))
          .isEqualTo(401);
    }
    TestStack.Response onPublic =
        stack.admin("POST", path, null, TestStack.ADMIN_TOKEN, stack.publicPort);
    assertThat(onPublic.status()).isEqualTo(404);
    assertThat(code(onPublic)).isEqualTo("not_found");
    assertThat(
            stack
                .admin(
                    "GET",
                    "/admin/accounts/" + tenant.id() + "/batches",
                    null,
                    TestStack.ADMIN_TOKEN,
                    stack.publicPort)
                .status())
        .isEqualTo(404);
    for (String spelling :
        List.of(
            "/%61dmin/batches/" + id + "/cancel",
            "/admin/batches/" + id + "/cancel;x=1",
            "/admin/batches/" + id.replace("bat_", "bat%5F") + "/cancel",
            "//admin/batches/" + id + "/cancel")) {
      assertThat(rawPost(stack.adminPort, spelling).status()).as(spelling).isEqualTo(400);
      assertThat(rawPost(stack.publicPort, spelling).status()).as(spelling).isIn(400, 404);
    }
    assertThat(releases(id))
        .as("no more releases")
        .containsExactly((long) queuedCancelled, (long) queuedCancelled);

    JsonNode done = awaitStatus(tenant, id, "cancelled");
    int succeeded = done.get("counts").get("succeeded").asInt();
    assertThat(succeeded + done.get("counts").get("failed").asInt())
        .isEqualTo(40 - queuedCancelled);
    assertThat(done.get("counts").get("cancelled").asInt()).isEqualTo(queuedCancelled);
    JsonNode books = stack.account(tenant.id());
    assertThat(books.get("reserved").asLong()).isZero();
    assertThat(books.get("balance").asLong()).isEqualTo(100 - succeeded);
    assertThat(releases(id).get(0)).isEqualTo(40L - succeeded);
    JsonNode audit = stack.audit();
    assertThat(audit.get("breaches").size()).as(audit.toString()).isZero();
    List<Map<String, Object>> hooks = api.webhookRows(id);
    assertThat(hooks).hasSize(1);
    assertThat(hooks.get(0)).containsEntry("event_type", "batch.cancelled");
    JsonNode payload = TestStack.JSON.readTree((String) hooks.get(0).get("payload"));
    assertThat(payload.get("data")).isEqualTo(done);

    // Finished: answered as it is, as the account's own cancel answers, and listed as it is.
    TestStack.Response finished = adminCancel(id);
    assertThat(finished.status()).isEqualTo(200);
    assertThat(finished.json()).isEqualTo(done);
    assertThat(listOf(tenant.id(), "").json().get("items")).containsExactly(done);
  }

  /**
   * A finished batch is answered as it is, as the account's own cancel answers it; a batch that
   * does not exist, in any spelling, is the admin API's 404 — not the "no such route" of a missing
   * one.
   */
  @Test
  void aFinishedBatchIsAnsweredAsItIsAndAnUnknownOneIs404() throws Exception {
    Tenants.Tenant tenant = Tenants.account(stack, plan, 1);
    String id = create(tenant, BatchApi.body(1, i -> "Кувшин", null));
    JsonNode done = awaitStatus(tenant, id, "completed");

    TestStack.Response finished = adminCancel(id);

    assertThat(finished.status()).as(finished.toString()).isEqualTo(200);
    assertThat(finished.json()).isEqualTo(done);
    assertThat(api.batch(tenant.apiKey(), id)).isEqualTo(done);
    for (String unknown :
        List.of("bat_" + UUID.randomUUID(), UUID.randomUUID().toString(), "bat_x", "nothing")) {
      TestStack.Response answer = adminCancel(unknown);
      assertThat(answer.status()).as(unknown + " " + answer).isEqualTo(404);
      assertThat(code(answer)).isEqualTo("not_found");
      assertThat(answer.json().get("message").asString()).isEqualTo(NOT_FOUND);
    }
  }

  private static RawExchange.Answer rawPost(int port, String rawPath) throws Exception {
    String request =
        "POST "
            + rawPath
            + " HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\nContent-Length: 0\r\n"
            + "Authorization: Bearer "
            + TestStack.ADMIN_TOKEN
            + "\r\n\r\n";
    return RawExchange.send(port, request.getBytes(StandardCharsets.ISO_8859_1));
  }
}
