package io.cardgen.worker.webhook;

import static org.assertj.core.api.Assertions.assertThat;

import io.cardgen.common.net.Cidr;
import io.cardgen.worker.net.ResponseHeadLimits;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** A receiver's response head is bounded, whatever it sends (ResponseHeadLimits). */
class WebhookSenderTest {

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
      AttemptOutcome outcome = sender.send(receiver.url(), Map.of(), "{}");

      assertThat(outcome).isInstanceOf(AttemptOutcome.Failed.class);
    }
  }

  @Test
  @Timeout(10)
  void aHeaderLineLongerThanTheBoundFailsTheAttempt() throws Exception {
    String line = "X-Pad: " + "a".repeat(ResponseHeadLimits.MAX_LINE_BYTES) + "\r\n";
    try (Receiver receiver = Receiver.answering(out -> head(out, line))) {
      assertThat(sender.send(receiver.url(), Map.of(), "{}"))
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
      assertThat(sender.send(over.url(), Map.of(), "{}")).isInstanceOf(AttemptOutcome.Failed.class);
      assertThat(sender.send(within.url(), Map.of(), "{}"))
          .isEqualTo(new AttemptOutcome.Delivered(200));
    }
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
      ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress());
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
