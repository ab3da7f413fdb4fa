package io.cardgen.standalone;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * A request body that arrives slower than cardgen.api.upload.minimum-rate over a window of waiting
 * for it (here 1 KB/s over 1 s) is cut: answered 400 bad_request, its room in the intake memory
 * given back, while a body sent at once is not affected however long the gateway takes between its
 * reads. Without it, a client sending a byte every 19 s held its room for as long as it liked.
 */
class UploadRateIT {

  private static TestStack stack;
  private static SharedStack.Replica gateway;

  @BeforeAll
  static void start() throws Exception {
    stack = SharedStack.get();
    gateway =
        SharedStack.extraGateway(
            "--cardgen.api.upload.minimum-rate=1KB",
            "--cardgen.api.upload.window=1s",
            "--cardgen.api.upload.card-body-time=3s");
  }

  @AfterAll
  static void stop() {
    if (gateway != null) {
      gateway.context().close();
    }
  }

  @Test
  void aTricklingBodyIsCutAndItsRoomGivenBack() throws Exception {
    Tenants.Tenant tenant = Tenants.account(stack, Tenants.aFullPlan().create(stack), 1);
    double free = gateway.gauge("cardgen.intake.memory.free");

    String answer = trickle("/api/text/product", tenant, "application/json", null, "{");

    assertThat(answer).startsWith("HTTP/1.1 400");
    assertThat(gateway.gauge("cardgen.intake.memory.free")).isEqualTo(free);
    assertThat(stack.account(tenant.id()).get("reserved").asLong()).isZero();
  }

  /**
   * A card body that keeps above the rate but would take longer than card-body-time (here 3 s; 5
   * min by default) is cut all the same: its room, five times its declared length, was held for as
   * long as the body took, four hours for 32 MiB at the minimum rate alone.
   */
  @Test
  void aCardBodyOverItsTimeIsCutWhateverItsRate() throws Exception {
    Tenants.Tenant tenant = Tenants.account(stack, Tenants.aFullPlan().create(stack), 1);
    double free = gateway.gauge("cardgen.intake.memory.free");
    long started = System.nanoTime();

    String answer = trickle("/api/text/product", tenant, "application/json", null, "{", 200, 50);

    assertThat(answer).startsWith("HTTP/1.1 400");
    assertThat(Duration.ofNanos(System.nanoTime() - started))
        .isGreaterThanOrEqualTo(Duration.ofSeconds(3));
    assertThat(gateway.gauge("cardgen.intake.memory.free")).isEqualTo(free);
  }

  /**
   * A batch upload that sends an item and then trickles: 400 as a body the client broke, where it
   * was once reported as malformed NDJSON at the line the parser had reached.
   */
  @Test
  void aTricklingBatchIsCutAsAnUnreadableBody() throws Exception {
    Tenants.Tenant tenant = Tenants.account(stack, Tenants.aFullPlan().create(stack), 5);
    double free = gateway.gauge("cardgen.intake.memory.free");

    String answer =
        trickle(
            "/api/batches",
            tenant,
            "application/x-ndjson",
            null,
            BatchApi.item("sku-1", "Кружка керамическая") + "\n");

    assertThat(answer).startsWith("HTTP/1.1 400").contains("\"bad_request\"");
    assertThat(gateway.gauge("cardgen.intake.memory.free")).isEqualTo(free);
    assertThat(
            new BatchApi(stack, gateway.publicPort())
                .get(tenant.apiKey(), "/api/batches")
                .json()
                .get("data")
                .get("items"))
        .isEmpty();
  }

  /**
   * The replay of a batch key reads its body only to compare it: a trickle there escaped as a fault
   * of ours, 503 with an ERROR stack trace, until it was Tomcat's refusal.
   */
  @Test
  void aTricklingReplayOfABatchKeyIsCutToo() throws Exception {
    Tenants.Tenant tenant = Tenants.account(stack, Tenants.aFullPlan().create(stack), 5);
    BatchApi batches = new BatchApi(stack, gateway.publicPort());
    String key = "upload-rate-replay-" + tenant.id();
    TestStack.Response created =
        batches.create(tenant.apiKey(), key, BatchApi.body(1, i -> "Кружка " + i, null));
    assertThat(created.status()).as(created.toString()).isEqualTo(202);

    String answer = trickle("/api/batches", tenant, "application/json", key, "{");

    assertThat(answer).startsWith("HTTP/1.1 400").contains("\"bad_request\"");
  }

  /**
   * Sends the head of a POST declaring 50 000 bytes, then {@code first}, then ten spaces every 200
   * ms (50 B/s, far below the test's rate) until an answer comes; the answer's first bytes.
   */
  private String trickle(
      String path, Tenants.Tenant tenant, String contentType, String key, String first)
      throws Exception {
    return trickle(path, tenant, contentType, key, first, 10, 200);
  }

  /** As above, {@code bytes} spaces every {@code pauseMillis}. */
  private String trickle(
      String path,
      Tenants.Tenant tenant,
      String contentType,
      String key,
      String first,
      int bytes,
      long pauseMillis)
      throws Exception {
    int port = gateway.publicPort();
    long started = System.nanoTime();
    try (Socket socket = new Socket("localhost", port)) {
      socket.setSoTimeout(30_000);
      OutputStream out = socket.getOutputStream();
      out.write(
          ("POST "
                  + path
                  + " HTTP/1.1\r\nHost: localhost:"
                  + port
                  + "\r\nAuthorization: Bearer "
                  + tenant.apiKey()
                  + (key == null ? "" : "\r\nIdempotency-Key: " + key)
                  + "\r\nContent-Type: "
                  + contentType
                  + "\r\nContent-Length: 50000\r\n\r\n"
                  + first)
              .getBytes(StandardCharsets.UTF_8));
      out.flush();
      InputStream in = socket.getInputStream();
      // Pacing of the client's bytes, not a wait for the gateway: the answer ends the loop.
      while (in.available() == 0 && System.nanoTime() - started < 20_000_000_000L) {
        out.write(" ".repeat(bytes).getBytes(StandardCharsets.US_ASCII));
        out.flush();
        Thread.sleep(pauseMillis);
      }
      byte[] head = new byte[2048];
      int read = in.read(head);
      assertThat(Duration.ofNanos(System.nanoTime() - started)).isLessThan(Duration.ofSeconds(10));
      return new String(head, 0, Math.max(read, 0), StandardCharsets.UTF_8);
    }
  }

  @Test
  void aBodySentAtOnceGoesThrough() throws Exception {
    Tenants.Tenant tenant = Tenants.account(stack, Tenants.aFullPlan().create(stack), 1);
    PublicApi api = new PublicApi(gateway.publicPort());

    TestStack.Response card =
        api.post(
            tenant.apiKey(),
            java.util.Map.of("Idempotency-Key", "upload-rate-" + tenant.id()),
            RequestBodies.aRequest().json());

    assertThat(card.status()).as(card.toString()).isEqualTo(200);
  }
}
