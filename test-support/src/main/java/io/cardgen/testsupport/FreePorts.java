package io.cardgen.testsupport;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.Set;
import java.util.concurrent.ThreadLocalRandom;

/**
 * Ports for a child process to listen on. {@code new ServerSocket(0)} hands out a port from the
 * kernel's ephemeral range, the same range every outbound connection (Kafka, PostgreSQL, HTTP
 * clients) takes its local port from, so between the test closing its probe socket and the child
 * binding, a connection could take it ("Port 34831 was already in use"). Ports below that range are
 * never given to outbound connections; one is handed out only once per JVM, and only after a bind
 * shows nothing else listens on it.
 */
public final class FreePorts {

  private static final Path EPHEMERAL_RANGE = Path.of("/proc/sys/net/ipv4/ip_local_port_range");
  private static final int LOWEST = 20_000;
  private static final int ATTEMPTS = 200;
  private static final Set<Integer> HANDED_OUT = new HashSet<>();

  private FreePorts() {}

  /** A port no other process listens on, below the ephemeral range, not handed out before. */
  public static synchronized int next() {
    int highest = ephemeralRangeStart() - 1;
    for (int attempt = 0; attempt < ATTEMPTS; attempt++) {
      int port = ThreadLocalRandom.current().nextInt(LOWEST, highest + 1);
      if (!HANDED_OUT.contains(port) && bindable(port)) {
        HANDED_OUT.add(port);
        return port;
      }
    }
    throw new IllegalStateException(
        "no free port between " + LOWEST + " and " + highest + " after " + ATTEMPTS + " tries");
  }

  static boolean bindable(int port) {
    try (ServerSocket socket = new ServerSocket()) {
      socket.setReuseAddress(false);
      socket.bind(new InetSocketAddress(port));
      return true;
    } catch (IOException taken) {
      return false;
    }
  }

  /** The first port of Linux's ephemeral range; 32 768 (its default) where it cannot be read. */
  static int ephemeralRangeStart() {
    try {
      String range = Files.readString(EPHEMERAL_RANGE, StandardCharsets.US_ASCII).trim();
      int start = Integer.parseInt(range.split("\\s+")[0]);
      return start > LOWEST + 1_000 ? start : 32_768;
    } catch (IOException | RuntimeException unreadable) {
      return 32_768;
    }
  }
}
