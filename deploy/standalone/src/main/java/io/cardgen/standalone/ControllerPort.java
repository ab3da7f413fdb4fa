package io.cardgen.standalone;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.ThreadLocalRandom;
import java.util.function.IntPredicate;

/**
 * The port of the embedded broker's controller listener, which nothing outside this JVM connects
 * to. It is chosen below the kernel's ephemeral range: {@code new ServerSocket(0)} hands out a port
 * from that range, the one every outbound connection takes its local port from, so between the
 * probe and the broker's bind a connection of this very process (PostgreSQL, S3, the model) could
 * take it and the broker would not start. Ports below the range are only ever taken by listeners.
 */
final class ControllerPort {

  private static final Path EPHEMERAL_RANGE = Path.of("/proc/sys/net/ipv4/ip_local_port_range");
  private static final int LOWEST = 20_000;
  private static final int ATTEMPTS = 500;

  private ControllerPort() {}

  /**
   * A port on which nothing listens now, below the ephemeral range and other than {@code taken}.
   */
  static int pick(int taken) {
    return pick(taken, ephemeralRangeStart(EPHEMERAL_RANGE), ControllerPort::bindable);
  }

  static int pick(int taken, int ephemeralStart, IntPredicate bindable) {
    int highest = ephemeralStart - 1;
    for (int attempt = 0; attempt < ATTEMPTS; attempt++) {
      int port = ThreadLocalRandom.current().nextInt(LOWEST, highest + 1);
      if (port != taken && bindable.test(port)) {
        return port;
      }
    }
    throw new IllegalStateException(
        "no free port for the broker's controller between " + LOWEST + " and " + highest);
  }

  private static boolean bindable(int port) {
    try (ServerSocket socket = new ServerSocket()) {
      socket.setReuseAddress(false);
      socket.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), port));
      return true;
    } catch (IOException taken) {
      return false;
    }
  }

  /**
   * The first port of Linux's ephemeral range, or 32 768 (its default) where it cannot be read or
   * leaves too little room under it.
   */
  static int ephemeralRangeStart(Path rangeFile) {
    try {
      String range = Files.readString(rangeFile, StandardCharsets.US_ASCII).trim();
      int start = Integer.parseInt(range.split("\\s+")[0]);
      return start > LOWEST + 1_000 ? start : 32_768;
    } catch (IOException | RuntimeException unreadable) {
      return 32_768;
    }
  }
}
