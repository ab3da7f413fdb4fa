package io.cardgen.testsupport;

import java.io.Closeable;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.util.ArrayList;
import java.util.List;

/**
 * Loopback addresses 127.0.0.1, 127.0.0.2, … on one port whose connection attempts hang, as at a
 * host that drops packets: each listens with its accept queue full and never accepts, so the kernel
 * drops further SYNs. For the tests of a deadline that must hold however many addresses a name has.
 */
public final class SilentAddresses implements AutoCloseable {

  private final List<InetAddress> addresses;
  private final int port;
  private final List<Closeable> open;

  private SilentAddresses(List<InetAddress> addresses, int port, List<Closeable> open) {
    this.addresses = List.copyOf(addresses);
    this.port = port;
    this.open = open;
  }

  /** {@code count} silent addresses on a free port. */
  public static SilentAddresses onLoopback(int count) throws IOException {
    return onLoopback(count, 0);
  }

  /** {@code count} silent addresses on {@code port} (0: a free one). */
  public static SilentAddresses onLoopback(int count, int port) throws IOException {
    List<Closeable> open = new ArrayList<>();
    List<InetAddress> addresses = new ArrayList<>();
    try {
      for (int i = 1; i <= count; i++) {
        InetAddress address = InetAddress.getByName("127.0.0." + i);
        ServerSocket server = new ServerSocket();
        open.add(server);
        server.bind(new InetSocketAddress(address, port), 1);
        port = server.getLocalPort();
        addresses.add(address);
        fill(server, open);
      }
    } catch (IOException | RuntimeException e) {
      try {
        new SilentAddresses(addresses, port, open).close();
      } catch (IOException suppressed) {
        e.addSuppressed(suppressed);
      }
      throw e;
    }
    return new SilentAddresses(addresses, port, open);
  }

  /** Connects until a connection attempt hangs: the accept queue is full. */
  private static void fill(ServerSocket server, List<Closeable> open) throws IOException {
    for (int i = 0; i < 16; i++) {
      Socket filler = new Socket();
      try {
        filler.connect(server.getLocalSocketAddress(), 200);
        open.add(filler);
      } catch (SocketTimeoutException full) {
        filler.close();
        return;
      }
    }
    throw new IllegalStateException("the accept queue never filled");
  }

  public List<InetAddress> addresses() {
    return addresses;
  }

  public int port() {
    return port;
  }

  @Override
  public void close() throws IOException {
    for (Closeable closeable : open) {
      closeable.close();
    }
  }
}
