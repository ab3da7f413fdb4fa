package io.cardgen.evals;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.URI;
import java.util.ArrayList;
import java.util.List;

/**
 * An address that takes no connection: a listening socket that never accepts, its backlog filled,
 * so that a client's connect waits for its own timeout, as with a host that drops packets.
 */
final class Blackhole implements AutoCloseable {

  private final ServerSocket server;
  private final List<Socket> fillers = new ArrayList<>();

  Blackhole() throws IOException {
    InetAddress loopback = InetAddress.getLoopbackAddress();
    server = new ServerSocket(0, 1, loopback);
    for (int i = 0; i < 4; i++) {
      Socket filler = new Socket();
      fillers.add(filler);
      try {
        filler.connect(new InetSocketAddress(loopback, server.getLocalPort()), 300);
      } catch (IOException backlogFull) {
        // what is wanted: the queue is full from here on
      }
    }
  }

  URI url() {
    return URI.create("http://127.0.0.1:" + server.getLocalPort());
  }

  @Override
  public void close() throws IOException {
    for (Socket filler : fillers) {
      filler.close();
    }
    server.close();
  }
}
