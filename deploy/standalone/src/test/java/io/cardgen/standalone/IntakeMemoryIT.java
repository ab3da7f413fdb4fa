package io.cardgen.standalone;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.cardgen.common.stage.OldestFirstGate;
import java.io.OutputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/**
 * The gateway reads a card request's body only when there is room for it
 * (cardgen.api.intake-memory, here 64 KB): while an upload that stalls holds all of it, another
 * request waits for cardgen.api.intake-wait and is answered 503 generation_unavailable with
 * Retry-After, changing nothing; once the stalled upload is given up, the same request with the
 * same key goes through. Without this bound, a hundred simultaneous requests with 7.7 MB photos
 * took the standalone's heap (docs/performance.md, thirteenth round).
 */
class IntakeMemoryIT {

  private static final int ROOM_BYTES = 64 * 1024;

  private static TestStack stack;
  private static SharedStack.Replica gateway;

  @BeforeAll
  static void start() throws Exception {
    stack = SharedStack.get();
    gateway =
        SharedStack.extraGateway(
            "--cardgen.api.intake-memory=" + ROOM_BYTES + "B", "--cardgen.api.intake-wait=500ms");
  }

  @AfterAll
  static void stop() {
    if (gateway != null) {
      gateway.context().close();
    }
  }

  @Test
  void answers503WhileAStalledUploadHoldsTheRoomAndServesTheRetryOnceItIsGivenUp()
      throws Exception {
    Tenants.Tenant tenant = Tenants.account(stack, Tenants.aFullPlan().create(stack), 1);
    PublicApi api = new PublicApi(gateway.publicPort());
    Map<String, String> key = Map.of("Idempotency-Key", "intake-it-" + tenant.id());
    String body = RequestBodies.aRequest().json();

    TestStack.Response refused;
    try (Socket stalled = stalledUpload(tenant.apiKey(), 60_000)) {
      await("the stalled upload holds all the room")
          .atMost(Duration.ofSeconds(10))
          .until(() -> freeRoom() == 0.0);

      refused = api.post(tenant.apiKey(), key, body);
    }

    assertThat(refused.status()).as(refused.toString()).isEqualTo(503);
    JsonNode envelope = refused.json();
    assertThat(envelope.get("code").asString()).isEqualTo("generation_unavailable");
    assertThat(envelope.get("message").asString()).matches(".*[а-яА-Я].*");
    assertThat(refused.header("Retry-After")).isNotBlank();
    JsonNode account = stack.account(tenant.id());
    assertThat(account.get("balance").asLong()).isEqualTo(1);
    assertThat(account.get("reserved").asLong()).isZero();
    assertThat(new BatchApi(stack).jobsOf(tenant.id())).isZero();

    await("the room is given back").atMost(Duration.ofSeconds(10)).until(() -> freeRoom() > 0);
    TestStack.Response retried = api.post(tenant.apiKey(), key, body);

    assertThat(retried.status()).as(retried.toString()).isEqualTo(200);
    assertThat(stack.account(tenant.id()).get("balance").asLong()).isZero();
  }

  /**
   * A batch's items are read in the same room: while a stalled card upload holds all of it, a batch
   * is answered 503 with Retry-After and nothing recorded; afterwards the same batch is created,
   * and gives its room back.
   */
  @Test
  void aBatchTakesItsRoomFromTheSameBudget() throws Exception {
    Tenants.Tenant tenant = Tenants.account(stack, Tenants.aFullPlan().create(stack), 2);
    BatchApi batches = new BatchApi(stack, gateway.publicPort());
    String body = BatchApi.body(2, i -> "Чайник номер " + i, null);

    TestStack.Response refused;
    try (Socket stalled = stalledUpload(tenant.apiKey(), 60_000)) {
      await("the stalled upload holds all the room")
          .atMost(Duration.ofSeconds(10))
          .until(() -> freeRoom() == 0.0);

      refused = batches.create(tenant.apiKey(), "intake-batch-" + tenant.id(), body);
    }

    assertThat(refused.status()).as(refused.toString()).isEqualTo(503);
    assertThat(refused.json().get("code").asString()).isEqualTo("generation_unavailable");
    assertThat(refused.json().get("message").asString()).matches(".*[а-яА-Я].*");
    assertThat(refused.header("Retry-After")).isNotBlank();
    assertThat(stack.account(tenant.id()).get("reserved").asLong()).isZero();
    assertThat(batches.batchesOf(tenant.id())).isZero();

    await("the room is given back").atMost(Duration.ofSeconds(10)).until(() -> freeRoom() > 0);
    TestStack.Response created =
        batches.create(tenant.apiKey(), "intake-batch-" + tenant.id(), body);

    assertThat(created.status()).as(created.toString()).isEqualTo(202);
    assertThat(batches.batchesOf(tenant.id())).isEqualTo(1);
    await("all the room free again after the batch was created")
        .atMost(Duration.ofSeconds(10))
        .until(() -> freeRoom() == ROOM_BYTES);
  }

  /**
   * ADR 0027: waiting for a client's bytes is not CPU work, so a stalled upload holds no permit of
   * the oldest-first gate; more stalled uploads than permits would otherwise queue every card.
   */
  @Test
  void stalledUploadsHoldNoPermitOfTheOldestFirstGate() throws Exception {
    Tenants.Tenant tenant = Tenants.account(stack, Tenants.aFullPlan().create(stack), 1);
    OldestFirstGate gate = gateway.context().getBean(OldestFirstGate.class);
    int uploads = gate.permits() + 1;
    List<Socket> stalled = new ArrayList<>();
    try {
      for (int i = 0; i < uploads; i++) {
        stalled.add(stalledUpload(tenant.apiKey(), 1000));
      }
      await("every stalled upload admitted and reading its body")
          .atMost(Duration.ofSeconds(10))
          .until(() -> freeRoom() <= ROOM_BYTES - uploads * 1000.0 && gate.inUse() == 0);
      long bypassed = gate.bypassed();

      TestStack.Response card =
          new PublicApi(gateway.publicPort())
              .post(
                  tenant.apiKey(),
                  Map.of("Idempotency-Key", "intake-gate-" + tenant.id()),
                  RequestBodies.aRequest().json());

      assertThat(card.status()).as(card.toString()).isEqualTo(200);
      assertThat(gate.bypassed()).as("sections that found no permit").isEqualTo(bypassed);
    } finally {
      for (Socket socket : stalled) {
        socket.close();
      }
    }
  }

  /** Sends a request head declaring {@code declared} bytes of body, and ten of them. */
  private static Socket stalledUpload(String apiKey, int declared) throws Exception {
    int port = gateway.publicPort();
    Socket socket = new Socket("localhost", port);
    OutputStream out = socket.getOutputStream();
    String head =
        "POST /api/text/product HTTP/1.1\r\nHost: localhost:"
            + port
            + "\r\nAuthorization: Bearer "
            + apiKey
            + "\r\nContent-Type: application/json\r\nContent-Length: "
            + declared
            + "\r\n\r\n{\"image_u";
    out.write(head.getBytes(StandardCharsets.US_ASCII));
    out.flush();
    return socket;
  }

  private static double freeRoom() {
    return gateway.gauge("cardgen.intake.memory.free");
  }
}
