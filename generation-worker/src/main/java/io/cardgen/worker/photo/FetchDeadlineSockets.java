package io.cardgen.worker.photo;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Proxy;
import java.net.Socket;
import java.net.SocketAddress;
import java.net.SocketTimeoutException;
import java.nio.file.Path;
import org.apache.hc.client5.http.DnsResolver;
import org.apache.hc.client5.http.SchemePortResolver;
import org.apache.hc.client5.http.impl.io.DefaultHttpClientConnectionOperator;
import org.apache.hc.client5.http.impl.io.PoolingHttpClientConnectionManagerBuilder;
import org.apache.hc.client5.http.io.DetachedSocketFactory;
import org.apache.hc.client5.http.io.HttpClientConnectionOperator;
import org.apache.hc.client5.http.io.ManagedHttpClientConnection;
import org.apache.hc.client5.http.protocol.HttpClientContext;
import org.apache.hc.client5.http.ssl.TlsSocketStrategy;
import org.apache.hc.core5.http.HttpHost;
import org.apache.hc.core5.http.URIScheme;
import org.apache.hc.core5.http.config.Lookup;
import org.apache.hc.core5.http.config.RegistryBuilder;
import org.apache.hc.core5.http.io.SocketConfig;
import org.apache.hc.core5.http.protocol.HttpContext;
import org.apache.hc.core5.net.NamedEndpoint;
import org.apache.hc.core5.util.Timeout;

/**
 * Holds every connect of the photo client to the deadline of the fetch it serves. Cancelling the
 * request at the deadline is not enough: HttpClient connects to a name's addresses one after
 * another, each with the full connect timeout, and a cancel that closes one address's socket only
 * sends it on to the next. A link host whose many addresses all drop packets (a link can name one
 * on purpose) would hold the job for the connect timeout once per address, past the lease. Here
 * each address waits at most until the deadline, and once it has passed no socket opens, so the
 * loop over addresses ends with it.
 *
 * <p>The client is shared by every fetch, so the deadline travels with the request: the fetcher
 * puts it in the request's context ({@link #contextUntil}), and the connection operator hands it to
 * the name lookup and the socket factory for the length of its connect, which resolves the host and
 * opens every socket on the calling thread. That costs a context and one thread-local set and
 * cleared per new connection; pooled connections, clients and sockets are shared as before.
 */
final class FetchDeadlineSockets implements DetachedSocketFactory {

  private static final String CONNECT = FetchDeadlineSockets.class.getName() + ".connect";
  private static final ThreadLocal<Connect> CONNECTING = new ThreadLocal<>();

  private FetchDeadlineSockets() {}

  /**
   * What a connect needs to know of the fetch it serves: its deadline (nanoTime), and the account
   * whose link it is, whose name lookups share that account's places ({@link
   * io.cardgen.common.net.NameLookups}).
   */
  record Connect(long deadline, Object account) {}

  /** A request context that holds the request's connects to {@code deadline} (nanoTime). */
  static HttpClientContext contextUntil(long deadline, Object account) {
    HttpClientContext context = HttpClientContext.create();
    context.setAttribute(CONNECT, new Connect(deadline, account));
    return context;
  }

  /** Connections whose every connect ends by the deadline of the request it is made for. */
  static PoolingHttpClientConnectionManagerBuilder connections() {
    return new Connections();
  }

  /** The connect running on this thread. */
  static Connect connectOnThisThread() {
    Connect connect = CONNECTING.get();
    if (connect == null) {
      // Every photo request carries a deadline: a connect without one would be unbounded again.
      throw new IllegalStateException("a photo connection opened outside a fetch");
    }
    return connect;
  }

  @Override
  public Socket create(Proxy proxy) throws IOException {
    long deadline = connectOnThisThread().deadline();
    if (deadline - System.nanoTime() <= 0) {
      throw new SocketTimeoutException("fetch deadline passed");
    }
    return proxy == null ? new BoundedSocket(deadline) : new BoundedSocket(proxy, deadline);
  }

  /** A socket whose connect gives up at the deadline, whatever timeout it is given. */
  private static final class BoundedSocket extends Socket {

    private final long deadline;

    BoundedSocket(long deadline) {
      this.deadline = deadline;
    }

    BoundedSocket(Proxy proxy, long deadline) {
      super(proxy);
      this.deadline = deadline;
    }

    @Override
    public void connect(SocketAddress endpoint, int timeout) throws IOException {
      long left = deadline - System.nanoTime();
      if (left <= 0) {
        throw new SocketTimeoutException("fetch deadline passed");
      }
      // Rounded up, so a connect cut here ends at the deadline, not a fraction of a millisecond
      // before it: the fetcher then tells the deadline from a host's own timeout.
      long leftMillis = Math.min((left + 999_999) / 1_000_000, Integer.MAX_VALUE);
      super.connect(
          endpoint, timeout == 0 ? (int) leftMillis : (int) Math.min(timeout, leftMillis));
    }
  }

  private static final class Connections extends PoolingHttpClientConnectionManagerBuilder {

    @Override
    protected HttpClientConnectionOperator createConnectionOperator(
        SchemePortResolver ports, DnsResolver dns, TlsSocketStrategy tls) {
      return new DeadlineOperator(
          ports,
          dns,
          RegistryBuilder.<TlsSocketStrategy>create().register(URIScheme.HTTPS.id, tls).build());
    }
  }

  /** Makes the request's deadline the lookup's and socket factory's for one connect's length. */
  private static final class DeadlineOperator extends DefaultHttpClientConnectionOperator {

    DeadlineOperator(SchemePortResolver ports, DnsResolver dns, Lookup<TlsSocketStrategy> tls) {
      super(new FetchDeadlineSockets(), ports, dns, tls);
    }

    // The overload every other one ends in, and the one the pooling manager calls.
    @Override
    public void connect(
        ManagedHttpClientConnection connection,
        HttpHost host,
        NamedEndpoint name,
        Path unixDomainSocket,
        InetSocketAddress localAddress,
        Timeout connectTimeout,
        SocketConfig socketConfig,
        Object attachment,
        HttpContext context)
        throws IOException {
      CONNECTING.set(context.getAttribute(CONNECT) instanceof Connect connect ? connect : null);
      try {
        super.connect(
            connection,
            host,
            name,
            unixDomainSocket,
            localAddress,
            connectTimeout,
            socketConfig,
            attachment,
            context);
      } finally {
        CONNECTING.remove();
      }
    }
  }
}
