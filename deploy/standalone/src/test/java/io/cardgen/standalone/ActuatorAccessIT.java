package io.cardgen.standalone;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.net.ConnectException;
import java.net.Inet4Address;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.NetworkInterface;
import java.net.Socket;
import java.net.SocketException;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The actuator on the gateway's management port and on the worker's port (ADR 0048): the probes'
 * health groups and the Prometheus scrape answer without a token, as probes and scrapers send none;
 * every other exposed endpoint answers only with the admin token.
 */
class ActuatorAccessIT {

  private static final String BEARER = "Authorization: Bearer " + TestStack.ADMIN_TOKEN;

  private static TestStack stack;

  @BeforeAll
  static void start() throws Exception {
    stack = SharedStack.get();
  }

  static List<String> open() {
    return List.of(
        "/actuator/health",
        "/actuator/health/liveness",
        "/actuator/health/readiness",
        "/actuator/prometheus");
  }

  static List<String> guarded() {
    return List.of(
        "/actuator/metrics", "/actuator/metrics/jvm.memory.used", "/actuator/info", "/actuator");
  }

  /** The worker's port has no port routing of its own: no other spelling may open an endpoint. */
  static List<String> workerSpellings() {
    return List.of(
        "/actuator;x=1/metrics",
        "/actuator/metrics;x=1",
        "/actuator/%6detrics",
        "/actuator/./metrics",
        "/actuator/health/../metrics",
        "/actuator/prometheus/../metrics",
        "/actuator/health;/../metrics",
        "//actuator/metrics",
        "/Actuator/metrics",
        "/actuator/",
        "/actuator/metrics/",
        "/actuator/health/db");
  }

  private static List<Integer> ports() {
    return List.of(stack.adminPort, stack.workerPort());
  }

  @Test
  void bothManagementPortsListenOnLoopbackOnly() throws Exception {
    Optional<InetAddress> lan = nonLoopbackAddress();
    assumeTrue(lan.isPresent(), "this machine has no address besides loopback");
    for (int port : ports()) {
      try (Socket socket = new Socket()) {
        assertThatThrownBy(() -> socket.connect(new InetSocketAddress(lan.get(), port), 5_000))
            .as("port %d on %s", port, lan.get())
            .isInstanceOf(ConnectException.class);
      }
    }
  }

  private static Optional<InetAddress> nonLoopbackAddress() throws SocketException {
    return NetworkInterface.networkInterfaces()
        .filter(AddressUp::isUp)
        .flatMap(NetworkInterface::inetAddresses)
        .filter(address -> address instanceof Inet4Address && !address.isLoopbackAddress())
        .findFirst();
  }

  /** {@link NetworkInterface#isUp} without its checked exception, for the stream. */
  private static final class AddressUp {
    static boolean isUp(NetworkInterface network) {
      try {
        return network.isUp() && !network.isLoopback();
      } catch (SocketException unreadable) {
        return false;
      }
    }
  }

  @ParameterizedTest
  @MethodSource("open")
  void probesAndTheScrapeAnswerWithoutAToken(String path) throws Exception {
    for (int port : ports()) {
      RawExchange.Answer answer = RawExchange.get(port, path);

      assertThat(answer.status()).as(port + path + " -> " + answer).isEqualTo(200);
      if (path.endsWith("prometheus")) {
        assertThat(answer.body()).as(port + path).contains("jvm_memory_used_bytes");
      } else {
        assertThat(answer.body()).as(port + path).contains("\"UP\"");
      }
    }
  }

  @ParameterizedTest
  @MethodSource("guarded")
  void everyOtherEndpointAnswersOnlyWithTheAdminToken(String path) throws Exception {
    for (int port : ports()) {
      for (String refused :
          new String[] {null, "Authorization: Bearer wrong", BEARER + "x", "Authorization: "}) {
        RawExchange.Answer answer =
            refused == null ? RawExchange.get(port, path) : RawExchange.get(port, path, refused);
        assertThat(answer.status()).as(port + path + " with " + refused).isEqualTo(401);
        assertThat(answer.body()).as(port + path).contains("\"code\":\"unauthorized\"");
        assertThat(answer.body()).as(port + path).doesNotContain("jvm.memory", "_links");
      }

      RawExchange.Answer admitted = RawExchange.get(port, path, BEARER);
      assertThat(admitted.status()).as(port + path + " with the token").isEqualTo(200);
    }
  }

  @ParameterizedTest
  @MethodSource("workerSpellings")
  void noOtherSpellingOpensAnEndpointOnTheWorkersPort(String path) throws Exception {
    RawExchange.Answer answer = RawExchange.get(stack.workerPort(), path);

    assertThat(answer.status()).as(path + " -> " + answer).isIn(400, 401, 404);
    assertThat(answer.body()).as(path).doesNotContain("jvm.memory", "jvm_", "_links", "\"UP\"");
  }

  @ParameterizedTest
  @MethodSource("guarded")
  void theGatewaysManagementPortNeedsTheTokenInAnyLetterCase(String path) throws Exception {
    String shouted = path.replace("/actuator", "/ACTUATOR");

    RawExchange.Answer answer = RawExchange.get(stack.adminPort, shouted);

    assertThat(answer.status()).as(shouted + " -> " + answer).isIn(401, 404);
    assertThat(answer.body()).as(shouted).doesNotContain("jvm.memory", "_links");
  }
}
