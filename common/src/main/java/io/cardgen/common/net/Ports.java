package io.cardgen.common.net;

import java.net.URI;

/**
 * The port of a link. {@link URI} takes any number there ({@code https://host:99999/}), and an HTTP
 * client then throws while building the request instead of failing it: a link or a webhook address
 * with such a port must be refused where it is checked, not found out per attempt.
 */
public final class Ports {

  private Ports() {}

  /** Whether {@code uri} names no port (the scheme's) or one that can be connected to, 1–65535. */
  public static boolean connectable(URI uri) {
    int port = uri.getPort();
    return port == -1 || (port >= 1 && port <= 65_535);
  }
}
