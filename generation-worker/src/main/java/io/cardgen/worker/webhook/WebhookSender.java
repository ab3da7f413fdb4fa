package io.cardgen.worker.webhook;

import io.cardgen.worker.net.ResponseHeadLimits;
import io.cardgen.worker.webhook.Destinations.Checked;
import io.cardgen.worker.webhook.Destinations.Destination;
import io.cardgen.worker.webhook.Destinations.Refused;
import io.cardgen.worker.webhook.Destinations.Unanswered;
import io.cardgen.worker.webhook.Destinations.Unresolved;
import java.io.IOException;
import java.net.ConnectException;
import java.net.InetAddress;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import org.apache.hc.client5.http.DnsResolver;
import org.apache.hc.client5.http.classic.methods.HttpPost;
import org.apache.hc.client5.http.config.ConnectionConfig;
import org.apache.hc.client5.http.config.RequestConfig;
import org.apache.hc.client5.http.impl.DefaultSchemePortResolver;
import org.apache.hc.client5.http.impl.classic.CloseableHttpClient;
import org.apache.hc.client5.http.impl.classic.HttpClients;
import org.apache.hc.client5.http.impl.routing.DefaultRoutePlanner;
import org.apache.hc.core5.http.ClassicHttpResponse;
import org.apache.hc.core5.http.ContentType;
import org.apache.hc.core5.http.io.entity.ByteArrayEntity;
import org.apache.hc.core5.util.Timeout;

/**
 * POSTs one webhook attempt. Each attempt checks the URL's addresses again ({@link Destinations})
 * and gets a client of its own whose only name resolution returns exactly those addresses, so a DNS
 * answer that changed since the check cannot redirect the connection (Apache HttpClient for that
 * hook, as for photo links). Webhooks are rare next to cards, so a connection per attempt costs
 * little and leaves no pooled connection to reason about. Redirects are not followed, the response
 * body is never read, and the whole attempt, the name's lookup included, is cut at the timeout,
 * however slowly the name's DNS answers and however many addresses it has ({@link
 * AttemptDeadline}).
 */
final class WebhookSender implements AutoCloseable {

  private static final ContentType JSON = ContentType.create("application/json");

  private final Destinations destinations;
  private final Duration timeout;
  private final ScheduledThreadPoolExecutor deadlines;

  WebhookSender(Destinations destinations, Duration timeout) {
    this.destinations = destinations;
    this.timeout = timeout;
    this.deadlines =
        new ScheduledThreadPoolExecutor(
            1,
            task -> {
              Thread thread = new Thread(task, "webhook-deadlines");
              thread.setDaemon(true);
              return thread;
            });
    this.deadlines.setRemoveOnCancelPolicy(true);
  }

  /** One attempt to deliver {@code account}'s event. */
  AttemptOutcome send(UUID account, String url, Map<String, String> headers, String body) {
    long end = System.nanoTime() + timeout.toNanos();
    Destination destination = destinations.check(url, account, end);
    if (destination instanceof Refused refused) {
      return new AttemptOutcome.RefusedAddress(refused.reason());
    }
    if (destination instanceof Unresolved unresolved) {
      return new AttemptOutcome.Failed(null, unresolved.reason());
    }
    if (destination instanceof Unanswered unanswered) {
      return new AttemptOutcome.Failed(null, unanswered.host() + ": " + noAnswer());
    }
    Checked checked = (Checked) destination;
    HttpPost post = new HttpPost(checked.uri());
    headers.forEach(post::setHeader);
    post.setEntity(new ByteArrayEntity(body.getBytes(StandardCharsets.UTF_8), JSON));
    AttemptDeadline deadline = new AttemptDeadline();
    ScheduledFuture<?> timer =
        deadlines.schedule(
            () -> {
              deadline.pass();
              post.cancel();
            },
            end - System.nanoTime(),
            TimeUnit.NANOSECONDS);
    try (CloseableHttpClient client = pinnedTo(checked.addresses(), deadline);
        ClassicHttpResponse response = client.executeOpen(null, post, null)) {
      int status = response.getCode();
      // Drops the connection instead of draining whatever body the receiver sends.
      post.cancel();
      return status >= 200 && status < 300
          ? new AttemptOutcome.Delivered(status)
          : new AttemptOutcome.Failed(status, checked.host() + " answered HTTP " + status);
    } catch (IOException e) {
      String reason = deadline.passed() ? noAnswer() : describe(e);
      return new AttemptOutcome.Failed(null, checked.host() + ": " + reason);
    } finally {
      timer.cancel(false);
      post.cancel();
    }
  }

  private String noAnswer() {
    return "no answer within " + timeout;
  }

  private static String describe(IOException e) {
    if (e instanceof ConnectException) {
      return "connection refused";
    }
    if (e instanceof SocketTimeoutException) {
      return "timed out";
    }
    return e.getClass().getSimpleName();
  }

  private CloseableHttpClient pinnedTo(List<InetAddress> addresses, AttemptDeadline deadline) {
    Timeout limit = Timeout.ofMilliseconds(timeout.toMillis());
    // Each address gets its share of the attempt to connect, so a dead first address leaves time
    // for the next one rather than the whole attempt.
    Timeout connectEach =
        Timeout.ofMilliseconds(Math.max(1, timeout.toMillis() / addresses.size()));
    return HttpClients.custom()
        .setConnectionManager(
            deadline
                .connections()
                .setDnsResolver(new PinnedResolver(addresses.toArray(InetAddress[]::new)))
                .setConnectionFactory(ResponseHeadLimits.connections())
                .setDefaultConnectionConfig(
                    ConnectionConfig.custom()
                        .setConnectTimeout(connectEach)
                        .setSocketTimeout(limit)
                        .build())
                .build())
        .setDefaultRequestConfig(
            RequestConfig.custom()
                .setRedirectsEnabled(false)
                .setResponseTimeout(limit)
                .setConnectionRequestTimeout(limit)
                .setAuthenticationEnabled(false)
                .setProtocolUpgradeEnabled(false)
                .build())
        // Direct connections only: a proxy would resolve the name itself, past our check.
        .setRoutePlanner(new DefaultRoutePlanner(DefaultSchemePortResolver.INSTANCE))
        .setUserAgent("cardgen-webhooks")
        .disableRedirectHandling()
        .disableAutomaticRetries()
        .disableCookieManagement()
        .disableAuthCaching()
        .disableContentCompression()
        .build();
  }

  @Override
  public void close() {
    deadlines.shutdownNow();
    destinations.close();
  }

  /**
   * The one client's only resolution: the addresses checked for this attempt, whatever DNS says
   * now.
   */
  private record PinnedResolver(InetAddress[] addresses) implements DnsResolver {

    @Override
    public InetAddress[] resolve(String host) {
      return addresses.clone();
    }

    @Override
    public String resolveCanonicalHostname(String host) {
      return host; // only asked for by Kerberos authentication, which this client never does
    }
  }
}
