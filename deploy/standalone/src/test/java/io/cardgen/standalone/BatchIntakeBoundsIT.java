package io.cardgen.standalone;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.cardgen.common.request.ProductFact;
import io.cardgen.gateway.photo.PhotoIntake;
import java.io.OutputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * What one account's batch uploads may take from a gateway (review findings): batch bodies are read
 * in at most half of the intake memory, so slow batch uploads leave card requests the other half;
 * one account uploads at most two batches at once; a batch with more items than credits keeps
 * nothing past the first item too many (403); and the items a batch keeps for its transaction are
 * counted, so a batch whose items outgrow the batches' share is refused (413) instead of filling
 * the heap. Both refusals come after the whole body, as a client sending it expects them.
 */
class BatchIntakeBoundsIT {

  /** Room for two batch creations (16 MiB of photo uploads and an item each), half of it theirs. */
  private static final long ROOM_BYTES = 40L * 1024 * 1024;

  private static TestStack stack;
  private static SharedStack.Replica gateway;

  @BeforeAll
  static void start() throws Exception {
    stack = SharedStack.get();
    gateway =
        SharedStack.extraGateway(
            "--cardgen.api.intake-memory=" + ROOM_BYTES + "B", "--cardgen.api.intake-wait=5s");
  }

  @AfterAll
  static void stop() {
    if (gateway != null) {
      gateway.context().close();
    }
  }

  @Test
  void stalledBatchUploadsLeaveCardRequestsTheirHalfAndAThirdUploadIsRefused() throws Exception {
    Tenants.Tenant seller = Tenants.account(stack, Tenants.aFullPlan().create(stack), 100);
    Tenants.Tenant other = Tenants.account(stack, Tenants.aFullPlan().create(stack), 1);
    List<Socket> stalled = new ArrayList<>();
    try {
      stalled.add(stalledBatch(seller.apiKey()));
      await("the first stalled batch holds its room")
          .atMost(Duration.ofSeconds(10))
          .until(() -> freeRoom() <= ROOM_BYTES - PhotoIntake.BATCH_UPLOAD_BYTES);
      double afterOne = freeRoom();
      stalled.add(stalledBatch(seller.apiKey()));
      await("the second stalled batch waits for the batches' share")
          .atMost(Duration.ofSeconds(4))
          .until(() -> gauge("cardgen.intake.batches.waiting") == 1);

      // 40 MB, more than Tomcat swallows unread and loopback buffers: the JDK client sees the 429
      // only if the body is read
      TestStack.Response third =
          new BatchApi(stack, gateway.publicPort())
              .create(
                  seller.apiKey(),
                  "third-" + seller.id(),
                  "application/x-ndjson",
                  "",
                  BatchApi.item("sku-1", "Чайник").replace('\n', ' ') + "\n".repeat(40_000_000));
      // a card whose body needs more room than is left once two batches hold theirs
      TestStack.Response card =
          new PublicApi(gateway.publicPort())
              .post(
                  other.apiKey(),
                  Map.of("Idempotency-Key", "beside-batches-" + other.id()),
                  RequestBodies.aRequest()
                      .with("short_description", RequestBodies.string("с ситечком ", 150_000))
                      .json());

      assertThat(third.status()).as(third.toString()).isEqualTo(429);
      assertThat(third.json().get("code").asString()).isEqualTo("rate_limited");
      assertThat(third.json().get("message").asString()).contains("одновременно");
      assertThat(third.header("Retry-After")).isNotBlank();
      assertThat(freeRoom())
          .as("the second batch waits for the batches' share")
          .isEqualTo(afterOne);
      assertThat(card.status()).as(card.toString()).isNotEqualTo(503);
    } finally {
      for (Socket socket : stalled) {
        socket.close();
      }
    }
    await("the room is given back")
        .atMost(Duration.ofSeconds(10))
        .until(() -> freeRoom() == ROOM_BYTES);
  }

  @Test
  void aBatchWithMoreItemsThanCreditsIsRefusedForThemWhateverFollows() throws Exception {
    Tenants.Tenant tenant = Tenants.account(stack, Tenants.aFullPlan().create(stack), 2);
    // the fourth item lacks its request: past the credits it is not checked, so no 422
    String lines =
        IntStream.rangeClosed(1, 3)
                .mapToObj(i -> BatchApi.item("sku-" + i, "Кружка " + i).replace('\n', ' '))
                .collect(Collectors.joining("\n"))
            + "\n{\"custom_id\": \"sku-4\"}";

    TestStack.Response refused =
        new BatchApi(stack, gateway.publicPort())
            .create(tenant.apiKey(), "over-" + tenant.id(), "application/x-ndjson", "", lines);

    assertThat(refused.status()).as(refused.toString()).isEqualTo(403);
    assertThat(refused.json().get("code").asString()).isEqualTo("insufficient_credits");
    assertThat(stack.account(tenant.id()).get("reserved").asLong()).isZero();
  }

  @Test
  void aBatchWhoseItemsOutgrowTheBatchesShareIsRefusedAsTooLarge() throws Exception {
    Tenants.Tenant tenant = Tenants.account(stack, Tenants.aFullPlan().create(stack), 10_000);
    // Items at the request limits: 13 facts of 250 characters and 3 links of 2 000, about 19 KB
    // each once kept (UTF-16), so the 20 MiB share is passed at about the 1 090th.
    String facts =
        Arrays.stream(ProductFact.values())
            .map(
                fact ->
                    "\""
                        + fact.wireName()
                        + "\": \""
                        + "ж".repeat(ProductFact.MAX_VALUE_LENGTH)
                        + "\"")
            .collect(Collectors.joining(", "));
    String links =
        IntStream.rangeClosed(1, 3)
            .mapToObj(n -> "\"https://photos.example.com/" + "a".repeat(1980) + n + ".jpg\"")
            .collect(Collectors.joining(", "));
    String lines =
        IntStream.rangeClosed(1, 1500)
            .mapToObj(
                i ->
                    "{\"custom_id\": \"sku-"
                        + i
                        + "\", \"request\": {\"image_url\": ["
                        + links
                        + "], \"short_description\": \"Кружка\", \"style\": \"standard\", \"product_facts\": {"
                        + facts
                        + "}}}")
            .collect(Collectors.joining("\n"));

    TestStack.Response refused =
        new BatchApi(stack, gateway.publicPort())
            .create(tenant.apiKey(), "huge-" + tenant.id(), "application/x-ndjson", "", lines);

    assertThat(refused.status()).as(refused.toString()).isEqualTo(413);
    assertThat(refused.json().get("code").asString()).isEqualTo("payload_too_large");
    assertThat(refused.json().get("message").asString()).contains("Разделите пакет");
    assertThat(new BatchApi(stack).batchesOf(tenant.id())).isZero();
    assertThat(stack.account(tenant.id()).get("reserved").asLong()).isZero();
    await("the room is given back")
        .atMost(Duration.ofSeconds(10))
        .until(() -> freeRoom() == ROOM_BYTES);
  }

  /** A batch upload that sends its head and the start of its body, then nothing. */
  private static Socket stalledBatch(String apiKey) throws Exception {
    int port = gateway.publicPort();
    Socket socket = new Socket("localhost", port);
    OutputStream out = socket.getOutputStream();
    String head =
        "POST /api/batches HTTP/1.1\r\nHost: localhost:"
            + port
            + "\r\nAuthorization: Bearer "
            + apiKey
            + "\r\nContent-Type: application/x-ndjson\r\nContent-Length: 1000000\r\n\r\n{\"custom_";
    out.write(head.getBytes(StandardCharsets.US_ASCII));
    out.flush();
    return socket;
  }

  private static double freeRoom() {
    return gauge("cardgen.intake.memory.free");
  }

  private static double gauge(String name) {
    return gateway.gauge(name);
  }
}
