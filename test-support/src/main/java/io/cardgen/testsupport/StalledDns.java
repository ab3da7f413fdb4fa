package io.cardgen.testsupport;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.concurrent.CountDownLatch;

/**
 * A DNS server that holds its answers back until the test closes it, as an attacker's own
 * authoritative server can: every lookup blocks until {@link #close()}, then finds nothing. For the
 * tests of a deadline that must hold however slowly a name resolves.
 */
public final class StalledDns implements AutoCloseable {

  private final CountDownLatch asked = new CountDownLatch(1);
  private final CountDownLatch answer = new CountDownLatch(1);

  /** Blocks until the test ends, then fails; usable as any lookup function. */
  public InetAddress[] addressesOf(String host) throws UnknownHostException {
    asked.countDown();
    try {
      answer.await();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    throw new UnknownHostException(host + " (no answer from the stalled DNS)");
  }

  /** Whether any lookup has reached this server. */
  public boolean asked() {
    return asked.getCount() == 0;
  }

  /** Lets every held and later lookup end. */
  @Override
  public void close() {
    answer.countDown();
  }
}
