package io.cardgen.worker.photo;

import io.cardgen.common.net.NameLookups;
import io.cardgen.common.photo.ImageUrlDecoder;
import io.cardgen.common.photo.PhotoLimits;
import io.cardgen.worker.photo.CheckedDnsResolver.RefusedAddressException;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.net.URI;
import java.net.URISyntaxException;
import java.net.UnknownHostException;
import java.util.Locale;
import java.util.Set;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.apache.hc.client5.http.classic.methods.HttpGet;
import org.apache.hc.client5.http.impl.classic.CloseableHttpClient;
import org.apache.hc.core5.http.ClassicHttpResponse;
import org.apache.hc.core5.http.Header;
import org.apache.hc.core5.http.HttpHeaders;
import org.apache.hc.core5.io.CloseMode;

/**
 * Fetches photo links under the photo-link rules (DESIGN.md "Photo links"): http(s) only; every
 * address a host resolves to is checked and the checked address is the one connected to ({@link
 * CheckedDnsResolver}); redirects followed by hand, each hop checked again; one deadline for the
 * whole fetch, however slowly the host's DNS answers and however many addresses it has ({@link
 * FetchDeadlineSockets}); size and pixel limits enforced while streaming. Thread-safe; one per
 * worker.
 *
 * <p>Residual risk: an egress HTTP proxy is never used (it would resolve names itself, out of our
 * sight), so deployments that force one must enforce these rules at the proxy.
 */
public final class PhotoLinkFetcher implements AutoCloseable {

  private static final Set<Integer> REDIRECTS = Set.of(301, 302, 303, 307, 308);
  private static final String DEADLINE_PASSED = "fetch deadline passed";
  // Lookups mostly answer from the JDK's cache; these are the ones slow DNS servers hold up, all
  // accounts together and for one account (a card has at most a handful of links).
  private static final int MAX_OUTSTANDING_LOOKUPS = 256;
  private static final int MAX_LOOKUPS_PER_ACCOUNT = 16;
  private static final Object NO_ACCOUNT = new Object();

  private final PhotoLimits limits;
  private final long deadlineNanos;
  private final int maxRedirects;
  private final NameLookups lookups;
  private final CloseableHttpClient client;
  private final ScheduledThreadPoolExecutor deadlines;

  PhotoLinkFetcher(PhotoProperties properties) {
    this(properties, NameLookups.Lookup.SYSTEM);
  }

  PhotoLinkFetcher(PhotoProperties properties, NameLookups.Lookup names) {
    this.limits = properties.limits();
    this.deadlineNanos = properties.fetchDeadline().toNanos();
    this.maxRedirects = properties.maxRedirects();
    this.lookups =
        new NameLookups("photo-link-dns", MAX_OUTSTANDING_LOOKUPS, MAX_LOOKUPS_PER_ACCOUNT);
    this.client = PhotoHttpClient.create(properties, names, lookups);
    this.deadlines =
        new ScheduledThreadPoolExecutor(
            1,
            task -> {
              Thread thread = new Thread(task, "photo-fetch-deadlines");
              thread.setDaemon(true);
              return thread;
            });
    this.deadlines.setRemoveOnCancelPolicy(true);
  }

  /**
   * Fetches {@code link} within {@code cardgen.images.fetch-deadline} from now, for a caller
   * without an account: such fetches share one account's places for name lookups.
   */
  public FetchOutcome fetch(URI link) {
    return fetch(NO_ACCOUNT, link, deadlineFromNow());
  }

  /**
   * The deadline a fetch started now would have, on the {@link System#nanoTime()} clock. Network
   * deadlines run on the monotonic clock: an injected Clock cannot drive real sockets.
   */
  long deadlineFromNow() {
    return System.nanoTime() + deadlineNanos;
  }

  /**
   * Fetches {@code account}'s {@code link}, giving up as {@link FetchOutcome.Unavailable} at {@code
   * deadline} (a {@link System#nanoTime()} value), which several fetches may share.
   */
  FetchOutcome fetch(Object account, URI link, long deadline) {
    URI target = link;
    for (int redirects = 0; ; redirects++) {
      FetchOutcome.Refused refusal = refusalOf(target);
      if (refusal != null) {
        return refusal;
      }
      Hop hop;
      try {
        hop = exchange(account, target, deadline);
      } catch (IllegalArgumentException unrequestable) {
        // HttpCore refuses to build some requests that URI parses (a port out of range was one):
        // the same link fails the same way at every attempt, so it is refused, not retried.
        return refused("the link cannot be requested", PhotoProblem.Kind.BAD_LINK);
      }
      if (hop instanceof Hop.Done done) {
        return done.outcome();
      }
      if (redirects == maxRedirects) {
        return refused("more than " + maxRedirects + " redirects", PhotoProblem.Kind.REDIRECTS);
      }
      target = ((Hop.Redirect) hop).location();
    }
  }

  private Hop exchange(Object account, URI target, long deadline) {
    long remaining = deadline - System.nanoTime();
    if (remaining <= 0) {
      return new Hop.Done(deadlinePassed());
    }
    HttpGet request = new HttpGet(target);
    AtomicBoolean expired = new AtomicBoolean();
    ScheduledFuture<?> timer =
        deadlines.schedule(
            () -> {
              expired.set(true);
              request.cancel();
            },
            remaining,
            TimeUnit.NANOSECONDS);
    ClassicHttpResponse response = null;
    try {
      response =
          client.executeOpen(null, request, FetchDeadlineSockets.contextUntil(deadline, account));
      return respond(target, response);
    } catch (RefusedAddressException e) {
      return new Hop.Done(refused(e.getMessage(), PhotoProblem.Kind.NOT_PUBLIC));
    } catch (IOException e) {
      return new Hop.Done(passed(expired, deadline) ? deadlinePassed() : failed(target, e));
    } catch (IllegalStateException e) {
      // A cancel that lands between two addresses releases the endpoint under the running
      // connect, and HttpClient then fails with "Endpoint not acquired / already released".
      if (!passed(expired, deadline)) {
        throw e;
      }
      return new Hop.Done(deadlinePassed());
    } finally {
      timer.cancel(false);
      // Drops the connection unless the body was read to its end; closing would drain the rest.
      request.cancel();
      if (response != null) {
        try {
          response.close();
        } catch (IOException e) {
          // the connection is already dropped; nothing left to release
        }
      }
    }
  }

  /**
   * Whether the fetch failed because its deadline passed: the timer cancelled it, or a connect cut
   * at the deadline ({@link FetchDeadlineSockets}) failed before the timer's cancel ran.
   */
  private static boolean passed(AtomicBoolean expired, long deadline) {
    return expired.get() || System.nanoTime() - deadline >= 0;
  }

  private Hop respond(URI target, ClassicHttpResponse response) throws IOException {
    int status = response.getCode();
    if (status >= 200 && status < 300) {
      return new Hop.Done(PhotoBody.read(response.getEntity(), limits));
    }
    if (REDIRECTS.contains(status)) {
      return redirect(target, response.getFirstHeader(HttpHeaders.LOCATION));
    }
    String answer = target.getHost() + " answered HTTP " + status;
    // 408 is the host's own timeout: like 429 and 5xx it says "later", not "never".
    if (status == 408 || status == 429 || status >= 500) {
      return new Hop.Done(new FetchOutcome.Unavailable(answer, PhotoProblem.answered(status)));
    }
    return new Hop.Done(new FetchOutcome.Refused(answer, PhotoProblem.answered(status)));
  }

  private static Hop redirect(URI from, Header location) {
    if (location == null) {
      return new Hop.Done(refused("redirect without a Location", PhotoProblem.Kind.BAD_REDIRECT));
    }
    try {
      URI next = from.resolve(new URI(location.getValue().strip()));
      return new Hop.Redirect(new URI(next.toASCIIString())); // raw UTF-8 is not a request line
    } catch (URISyntaxException e) {
      return new Hop.Done(
          refused("redirect to a malformed location", PhotoProblem.Kind.BAD_REDIRECT));
    }
  }

  /** Why a link (or a redirect target) may not be fetched at all, or null. */
  private static FetchOutcome.Refused refusalOf(URI target) {
    String scheme = target.getScheme() == null ? "" : target.getScheme().toLowerCase(Locale.ROOT);
    if (!scheme.equals("http") && !scheme.equals("https")) {
      return refused(
          "only http and https links are fetched, not " + (scheme.isEmpty() ? "none" : scheme),
          PhotoProblem.Kind.SCHEME);
    }
    if (target.getHost() == null) {
      return refused("link without a host", PhotoProblem.Kind.BAD_LINK);
    }
    // What the gateway refuses a synchronous request for, and lets a batch item fail on here.
    String refusal = ImageUrlDecoder.refusalOf(target);
    return refusal == null ? null : refused(refusal, PhotoProblem.Kind.BAD_LINK);
  }

  private static FetchOutcome.Refused refused(String reason, PhotoProblem.Kind kind) {
    return new FetchOutcome.Refused(reason, PhotoProblem.of(kind));
  }

  private static FetchOutcome.Unavailable deadlinePassed() {
    return new FetchOutcome.Unavailable(
        DEADLINE_PASSED, PhotoProblem.of(PhotoProblem.Kind.TIMEOUT));
  }

  private static FetchOutcome.Unavailable failed(URI target, IOException e) {
    boolean timedOut =
        e instanceof InterruptedIOException || e instanceof NameLookups.DeadlinePassedException;
    String reason =
        "fetching from "
            + target.getHost()
            + (timedOut ? " timed out: " : " failed: ")
            + e.getClass().getSimpleName();
    return new FetchOutcome.Unavailable(reason, PhotoProblem.of(kindOf(e, timedOut)));
  }

  /**
   * A name that does not resolve is most often a typo in the link, which the client can fix; it
   * stays {@code image_unavailable}, since a DNS failure can pass, but its text says what to check.
   */
  private static PhotoProblem.Kind kindOf(IOException e, boolean timedOut) {
    if (timedOut) {
      return PhotoProblem.Kind.TIMEOUT;
    }
    return e instanceof UnknownHostException
        ? PhotoProblem.Kind.UNKNOWN_HOST
        : PhotoProblem.Kind.UNREACHABLE;
  }

  @Override
  public void close() {
    deadlines.shutdownNow();
    client.close(CloseMode.IMMEDIATE);
    lookups.close();
  }

  /** One request: either the fetch is decided, or it continues at a redirect target. */
  private sealed interface Hop {

    record Done(FetchOutcome outcome) implements Hop {}

    record Redirect(URI location) implements Hop {}
  }
}
