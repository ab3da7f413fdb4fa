package io.cardgen.worker.webhook;

import static org.assertj.core.api.Assertions.assertThat;

import io.cardgen.common.net.Cidr;
import io.cardgen.testsupport.SilentAddresses;
import io.cardgen.testsupport.StalledDns;
import io.cardgen.worker.net.ResponseHeadLimits;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * How one attempt ends, whatever the receiver does: its response head is bounded
 * (ResponseHeadLimits), and its timeout holds however many addresses the name has.
 */
class WebhookSenderTest {

  private static final UUID ACCOUNT = UUID.randomUUID();

  private static final Duration ATTEMPT = Duration.ofSeconds(20);

  private final WebhookSender sender =
      new WebhookSender(
          new Destinations(List.of(Cidr.parse("127.0.0.1/32")), InetAddress::getAllByName),
          ATTEMPT);

  @AfterEach
  void close() {
    sender.close();
  }

  @Test
  @Timeout(10) // well inside the attempt's 20 s: the bound ends it, not the deadline
  void aReceiverThatStreamsHeaderFieldsWithoutEndFailsTheAttempt() throws Exception {
    try (Receiver receiver = Receiver.answering(Receiver::endlessHeaders)) {
      AttemptOutcome outcome = sender.send(ACCOUNT, receiver.url(), Map.of(), "{}");

      assertThat(outcome).isInstanceOf(AttemptOutcome.Failed.class);
    }
  }

  @Test
  @Timeout(10)
  void aHeaderLineLongerThanTheBoundFailsTheAttempt() throws Exception {
    String line = "X-Pad: " + "a".repeat(ResponseHeadLimits.MAX_LINE_BYTES) + "\r\n";
    try (Receiver receiver = Receiver.answering(out -> head(out, line))) {
      assertThat(sender.send(ACCOUNT, receiver.url(), Map.of(), "{}"))
          .isInstanceOf(AttemptOutcome.Failed.class);
    }
  }

  @Test
  @Timeout(10)
  void moreHeaderFieldsThanTheBoundFailTheAttemptButFewerAreDelivered() throws Exception {
    try (Receiver over =
            Receiver.answering(out -> head(out, fields(ResponseHeadLimits.MAX_HEADERS + 1)));
        Receiver within =
            Receiver.answering(out -> head(out, fields(ResponseHeadLimits.MAX_HEADERS - 2)))) {
      assertThat(sender.send(ACCOUNT, over.url(), Map.of(), "{}"))
          .isInstanceOf(AttemptOutcome.Failed.class);
      assertThat(sender.send(ACCOUNT, within.url(), Map.of(), "{}"))
          .isEqualTo(new AttemptOutcome.Delivered(200));
    }
  }

  /**
   * A receiver whose addresses all drop connection attempts (a load balancer that is down) ends at
   * the attempt's timeout, not once per address: past the lease, another worker would send it too.
   */
  @Test
  @Timeout(20)
  void aNameWhoseAddressesAllDropConnectionsEndsAtTheTimeoutNotOncePerAddress() throws Exception {
    Duration attempt = Duration.ofSeconds(2);
    try (SilentAddresses silent = SilentAddresses.onLoopback(3);
        WebhookSender sender = senderTo(silent.addresses(), attempt)) {
      long started = System.nanoTime();
      AttemptOutcome outcome = sender.send(ACCOUNT, url(silent), Map.of(), "{}");
      Duration took = Duration.ofNanos(System.nanoTime() - started);

      assertThat(outcome).isInstanceOf(AttemptOutcome.Failed.class);
      assertThat(((AttemptOutcome.Failed) outcome).reason()).contains("no answer within");
      assertThat(took).isLessThan(attempt.plusSeconds(1));
    }
  }

  /**
   * A receiver whose DNS server holds its answer back ends at the attempt's timeout: the lookup is
   * part of the attempt, and a JDK lookup cannot be cancelled once it has started.
   */
  @Test
  @Timeout(10)
  void aNameWhoseDnsDoesNotAnswerEndsAtTheTimeout() {
    Duration attempt = Duration.ofMillis(500);
    try (StalledDns dns = new StalledDns();
        WebhookSender sender =
            new WebhookSender(
                new Destinations(List.of(Cidr.parse("127.0.0.0/8")), dns::addressesOf), attempt)) {
      long started = System.nanoTime();

      AttemptOutcome outcome =
          sender.send(ACCOUNT, "http://hooks.seller.test/hook", Map.of(), "{}");

      Duration took = Duration.ofNanos(System.nanoTime() - started);
      assertThat(dns.asked()).isTrue();
      assertThat(outcome)
          .isEqualTo(new AttemptOutcome.Failed(null, "hooks.seller.test: no answer within PT0.5S"));
      assertThat(took).isLessThan(attempt.plusMillis(500));
    }
  }

  /** An address that drops connection attempts leaves the next one time to answer. */
  @Test
  @Timeout(20)
  void aDeadFirstAddressLeavesTheNextOneTimeToAnswerWithinTheTimeout() throws Exception {
    try (SilentAddresses silent = SilentAddresses.onLoopback(1);
        Receiver answering =
            Receiver.answering(
                new InetSocketAddress("127.0.0.2", silent.port()), out -> head(out, ""));
        WebhookSender sender =
            senderTo(
                List.of(silent.addresses().get(0), InetAddress.getByName("127.0.0.2")),
                Duration.ofSeconds(4))) {
      assertThat(sender.send(ACCOUNT, url(silent), Map.of(), "{}"))
          .isEqualTo(new AttemptOutcome.Delivered(200));
    }
  }

  private static String url(SilentAddresses silent) {
    return "http://hooks.seller.test:" + silent.port() + "/hook";
  }

  private static WebhookSender senderTo(List<InetAddress> addresses, Duration timeout) {
    return new WebhookSender(
        new Destinations(
            List.of(Cidr.parse("127.0.0.0/8")), host -> addresses.toArray(InetAddress[]::new)),
        timeout);
  }

  /** {@code count} fields besides the head's Content-Length. */
  private static String fields(int count) {
    StringBuilder fields = new StringBuilder();
    for (int i = 0; i < count; i++) {
      fields.append("X-Field-").append(i).append(": value\r\n");
    }
    return fields.toString();
  }

  private static void head(OutputStream out, String fields) throws IOException {
    out.write(
        ("HTTP/1.1 200 OK\r\nContent-Length: 0\r\n" + fields + "\r\n")
            .getBytes(StandardCharsets.US_ASCII));
    out.flush();
  }

  /** One connection's answer, written by hand so that it can break HTTP's usual shape. */
  private record Receiver(ServerSocket socket, CompletableFuture<Void> served)
      implements AutoCloseable {

    interface Answer {
      void write(OutputStream out) throws IOException;
    }

    static Receiver answering(Answer answer) throws IOException {
      return answering(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), answer);
    }

    static Receiver answering(InetSocketAddress at, Answer answer) throws IOException {
      ServerSocket socket = new ServerSocket();
      socket.bind(at, 1);
      CompletableFuture<Void> served =
          CompletableFuture.runAsync(
              () -> {
                try (Socket connection = socket.accept()) {
                  readRequestHead(connection.getInputStream());
                  answer.write(connection.getOutputStream());
                } catch (IOException e) {
                  // the client hung up on a head it refused: what the test expects
                }
              });
      return new Receiver(socket, served);
    }

    static void endlessHeaders(OutputStream out) throws IOException {
      out.write("HTTP/1.1 200 OK\r\n".getBytes(StandardCharsets.US_ASCII));
      byte[] field =
          "X-Pad: aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa\r\n".getBytes(StandardCharsets.US_ASCII);
      while (true) {
        out.write(field);
      }
    }

    private static void readRequestHead(InputStream in) throws IOException {
      int matched = 0;
      byte[] end = {'\r', '\n', '\r', '\n'};
      while (matched < end.length) {
        int next = in.read();
        if (next < 0) {
          return;
        }
        matched = next == end[matched] ? matched + 1 : (next == '\r' ? 1 : 0);
      }
    }

    String url() {
      return "http://127.0.0.1:" + socket.getLocalPort() + "/hook";
    }

    @Override
    public void close() throws IOException {
      socket.close();
    }
  }
}
