package io.cardgen.worker.webhook;

import java.io.IOException;
import java.net.Proxy;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.util.ArrayList;
import java.util.List;
import org.apache.hc.client5.http.DnsResolver;
import org.apache.hc.client5.http.SchemePortResolver;
import org.apache.hc.client5.http.impl.io.DefaultHttpClientConnectionOperator;
import org.apache.hc.client5.http.impl.io.PoolingHttpClientConnectionManagerBuilder;
import org.apache.hc.client5.http.io.DetachedSocketFactory;
import org.apache.hc.client5.http.io.HttpClientConnectionOperator;
import org.apache.hc.client5.http.ssl.TlsSocketStrategy;
import org.apache.hc.core5.http.URIScheme;
import org.apache.hc.core5.http.config.RegistryBuilder;

/**
 * The end of one webhook attempt, for every socket the attempt opens. Cancelling the request alone
 * does not end it: HttpClient connects to a name's addresses one after another, each with the full
 * connect timeout, and a cancel that closes the socket of one address only sends it on to the next.
 * A receiver whose addresses all drop packets would hold the attempt for the timeout once per
 * address, past the lease, and another worker would send the same event meanwhile. Here the
 * attempt's sockets come from this factory: when the deadline passes they are closed, and no new
 * one opens.
 */
final class AttemptDeadline implements DetachedSocketFactory {

  private final List<Socket> sockets = new ArrayList<>();
  private boolean passed;

  @Override
  public synchronized Socket create(Proxy proxy) throws IOException {
    if (passed) {
      throw new SocketTimeoutException("the attempt's time is up");
    }
    Socket socket = proxy == null ? new Socket() : new Socket(proxy);
    sockets.add(socket);
    return socket;
  }

  /** Closes the attempt's sockets; any socket asked for from now on is refused. */
  synchronized void pass() {
    passed = true;
    for (Socket socket : sockets) {
      try {
        socket.close();
      } catch (IOException ignored) {
        // closing is all that is wanted; a socket that fails to close is closed enough
      }
    }
  }

  synchronized boolean passed() {
    return passed;
  }

  /** Connections of one client whose sockets all come from this deadline. */
  PoolingHttpClientConnectionManagerBuilder connections() {
    return new Connections(this);
  }

  private static final class Connections extends PoolingHttpClientConnectionManagerBuilder {

    private final DetachedSocketFactory sockets;

    Connections(DetachedSocketFactory sockets) {
      this.sockets = sockets;
    }

    @Override
    protected HttpClientConnectionOperator createConnectionOperator(
        SchemePortResolver ports, DnsResolver dns, TlsSocketStrategy tls) {
      return new DefaultHttpClientConnectionOperator(
          sockets,
          ports,
          dns,
          RegistryBuilder.<TlsSocketStrategy>create().register(URIScheme.HTTPS.id, tls).build());
    }
  }
}
