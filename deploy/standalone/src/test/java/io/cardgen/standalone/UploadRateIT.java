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
            "--cardgen.api.upload.minimum-rate=1KB", "--cardgen.api.upload.window=1s");
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
    int port = gateway.publicPort();
    long started = System.nanoTime();
    try (Socket socket = new Socket("localhost", port)) {
      socket.setSoTimeout(30_000);
      OutputStream out = socket.getOutputStream();
      out.write(
          ("POST /api/text/product HTTP/1.1\r\nHost: localhost:"
                  + port
                  + "\r\nAuthorization: Bearer "
                  + tenant.apiKey()
                  + "\r\nContent-Type: application/json\r\nContent-Length: 50000\r\n\r\n{")
              .getBytes(StandardCharsets.US_ASCII));
      out.flush();
      InputStream in = socket.getInputStream();
      // Ten bytes every 200 ms, 50 B/s: far below the rate. The answer comes while it trickles.
      while (in.available() == 0 && System.nanoTime() - started < 20_000_000_000L) {
        out.write(" ".repeat(10).getBytes(StandardCharsets.US_ASCII));
        out.flush();
        Thread.sleep(200);
      }
      String answer = new String(in.readNBytes(12), StandardCharsets.US_ASCII);

      assertThat(answer).isEqualTo("HTTP/1.1 400");
    }
    assertThat(Duration.ofNanos(System.nanoTime() - started)).isLessThan(Duration.ofSeconds(10));
    assertThat(gateway.gauge("cardgen.intake.memory.free")).isEqualTo(free);
    assertThat(stack.account(tenant.id()).get("reserved").asLong()).isZero();
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
