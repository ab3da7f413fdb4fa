package io.cardgen.worker.photo;

import static org.assertj.core.api.Assertions.assertThat;

import io.cardgen.common.net.NameLookups;
import io.cardgen.common.photo.ImageFormat;
import io.cardgen.testsupport.PhotoHost;
import io.cardgen.testsupport.SilentAddresses;
import io.cardgen.testsupport.StalledDns;
import io.cardgen.testsupport.TestImages;
import io.cardgen.worker.net.ResponseHeadLimits;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.net.UnknownHostException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.springframework.util.unit.DataSize;

class PhotoLinkFetcherTest {

  private static final int MAX_BYTES = 64 * 1024;
  private static final byte[] PNG = TestImages.png(64, 48);
  private static final String HOST = "photos.seller.test";

  private final PhotoHost server = startServer("127.0.0.1");
  private final PhotoLinkFetcher allowingLocal = fetcher(Duration.ofSeconds(5), "127.0.0.1/32");
  private final PhotoLinkFetcher publicOnly = fetcher(Duration.ofSeconds(5));

  @AfterEach
  void stop() {
    server.close();
    allowingLocal.close();
    publicOnly.close();
  }

  @Test
  void fetchesAPhotoAsItsSniffedFormatWhateverTheContentType() {
    server.on("/photo", PhotoHost.body(200, "text/html", PNG));

    FetchOutcome outcome = allowingLocal.fetch(server.uri("/photo?size=big"));

    assertThat(outcome).isInstanceOf(FetchOutcome.Fetched.class);
    assertThat(((FetchOutcome.Fetched) outcome).bytes()).isEqualTo(PNG);
    assertThat(((FetchOutcome.Fetched) outcome).format()).isEqualTo(ImageFormat.PNG);
  }

  @Test
  void fetchesABodyOfUndeclaredLength() {
    byte[] jpeg = TestImages.jpeg(120, 90);
    server.on(
        "/chunked",
        PhotoHost.of(
            exchange -> {
              exchange.sendResponseHeaders(200, 0);
              try (OutputStream out = exchange.getResponseBody()) {
                out.write(jpeg, 0, 10);
                out.flush();
                out.write(jpeg, 10, jpeg.length - 10);
              }
            }));

    FetchOutcome outcome = allowingLocal.fetch(server.uri("/chunked"));

    assertThat(outcome).isInstanceOf(FetchOutcome.Fetched.class);
    assertThat(((FetchOutcome.Fetched) outcome).bytes()).isEqualTo(jpeg);
  }

  @Test
  void aHostSendingMoreHeaderFieldsThanTheBoundIsUnavailable() {
    server.on(
        "/crowded",
        PhotoHost.of(
            exchange -> {
              for (int i = 0; i < ResponseHeadLimits.MAX_HEADERS; i++) {
                exchange.getResponseHeaders().add("X-Field-" + i, "value");
              }
              exchange.sendResponseHeaders(200, PNG.length);
              try (OutputStream out = exchange.getResponseBody()) {
                out.write(PNG);
              }
            }));

    assertThat(allowingLocal.fetch(server.uri("/crowded")))
        .isInstanceOf(FetchOutcome.Unavailable.class);
  }

  @Test
  void followsRedirectsBetweenPermittedHosts() {
    server.on("/old", PhotoHost.redirect("/new")).on("/new", PhotoHost.body(200, "image/png", PNG));

    assertThat(allowingLocal.fetch(server.uri("/old"))).isInstanceOf(FetchOutcome.Fetched.class);
    assertThat(server.requests()).containsExactly("/old", "/new");
  }

  @Test
  void refusesLoopbackWithoutRequestingAnything() {
    server.on("/", PhotoHost.body(200, "image/png", PNG));
    int port = server.port();

    for (String link :
        List.of(
            "http://127.0.0.1:" + port + "/",
            "http://localhost:" + port + "/",
            "http://2130706433:" + port + "/",
            "http://[::ffff:127.0.0.1]:" + port + "/",
            "http://[::1]:" + port + "/")) {
      assertThat(publicOnly.fetch(URI.create(link)))
          .as(link)
          .isInstanceOf(FetchOutcome.Refused.class);
    }
    assertThat(server.requests()).isEmpty();
  }

  @Test
  void refusesPrivateAndMetadataAddressesBeforeConnecting() {
    for (String link :
        List.of(
            "http://10.0.0.1/photo.jpg",
            "http://169.254.169.254/latest/meta-data/",
            "http://[fd00:ec2::254]/latest/meta-data/",
            "http://100.64.0.1/photo.jpg",
            "https://192.168.1.1/photo.jpg")) {
      long started = System.nanoTime();

      FetchOutcome outcome = publicOnly.fetch(URI.create(link));

      assertThat(outcome).as(link).isInstanceOf(FetchOutcome.Refused.class);
      assertThat(Duration.ofNanos(System.nanoTime() - started)).isLessThan(Duration.ofSeconds(1));
    }
  }

  @Test
  void refusesARedirectToARefusedHostWithoutFollowingIt() throws IOException {
    try (PhotoHost inside = startServer("127.0.0.2")) {
      inside.on("/secret", PhotoHost.body(200, "image/png", PNG));
      server.on("/hop", PhotoHost.redirect(inside.uri("/secret").toString()));

      FetchOutcome outcome = allowingLocal.fetch(server.uri("/hop"));

      assertThat(outcome).isInstanceOf(FetchOutcome.Refused.class);
      assertThat(((FetchOutcome.Refused) outcome).reason()).contains("127.0.0.2");
      assertThat(server.requests()).containsExactly("/hop");
      assertThat(inside.requests()).isEmpty();
    }
  }

  @Test
  void refusesAPortOutOfRangeAsGivenOrRedirectedTo() {
    server.on("/hop", PhotoHost.redirect("http://127.0.0.1:99999/photo"));

    for (String link : List.of("http://127.0.0.1:99999/photo", "http://127.0.0.1:0/photo")) {
      FetchOutcome outcome = allowingLocal.fetch(URI.create(link));
      assertThat(outcome).as(link).isInstanceOf(FetchOutcome.Refused.class);
      assertThat(((FetchOutcome.Refused) outcome).reason()).isEqualTo("port out of range");
    }
    assertThat(allowingLocal.fetch(server.uri("/hop"))).isInstanceOf(FetchOutcome.Refused.class);
    assertThat(server.requests()).containsExactly("/hop");
  }

  @Test
  void refusesAmbiguousNumericHostsAndZonesAsGivenOrRedirectedTo() {
    // 2130706433 is 127.0.0.1 to Java, which the allow list here admits: the text is refused
    // before any address is, as the gateway refuses it in a synchronous request.
    server.on("/", PhotoHost.body(200, "image/png", PNG));
    int port = server.port();
    server.on("/hop", PhotoHost.redirect("http://2130706433:" + port + "/"));

    for (String link :
        List.of("http://2130706433:" + port + "/", "http://[fe80::1%25lo]:" + port + "/")) {
      FetchOutcome outcome = allowingLocal.fetch(URI.create(link));
      assertThat(outcome).as(link).isInstanceOf(FetchOutcome.Refused.class);
    }
    assertThat(allowingLocal.fetch(server.uri("/hop"))).isInstanceOf(FetchOutcome.Refused.class);
    assertThat(server.requests()).containsExactly("/hop");
  }

  @Test
  void refusesRedirectsToOtherSchemesAndEndlessRedirects() {
    server
        .on("/file", PhotoHost.redirect("file:///etc/passwd"))
        .on("/loop", PhotoHost.redirect("/loop"));

    assertThat(allowingLocal.fetch(server.uri("/file"))).isInstanceOf(FetchOutcome.Refused.class);
    assertThat(allowingLocal.fetch(server.uri("/loop"))).isInstanceOf(FetchOutcome.Refused.class);
    assertThat(server.requests()).containsExactly("/file", "/loop", "/loop", "/loop", "/loop");
  }

  @Test
  void refusesWhatIsNotAPhoto() {
    byte[] page = "<!doctype html><p>sold out</p>".repeat(4000).getBytes(StandardCharsets.UTF_8);
    server
        .on("/page", PhotoHost.body(200, "image/jpeg", page))
        .on("/bomb", PhotoHost.body(200, "image/png", TestImages.pngHeader(60_000, 60_000)))
        .on("/empty", PhotoHost.body(200, "image/png", new byte[0]))
        .on("/note", PhotoHost.body(200, "image/png", Arrays.copyOf(page, 5_000)));

    assertThat(problemOf(allowingLocal.fetch(server.uri("/page"))))
        .isEqualTo(PhotoProblem.of(PhotoProblem.Kind.TOO_LARGE)); // its declared length says so
    assertThat(problemOf(allowingLocal.fetch(server.uri("/note"))))
        .isEqualTo(PhotoProblem.of(PhotoProblem.Kind.NOT_AN_IMAGE));
    assertThat(problemOf(allowingLocal.fetch(server.uri("/bomb"))))
        .isEqualTo(PhotoProblem.of(PhotoProblem.Kind.TOO_MANY_PIXELS));
    assertThat(problemOf(allowingLocal.fetch(server.uri("/empty"))))
        .isEqualTo(PhotoProblem.of(PhotoProblem.Kind.NOT_AN_IMAGE));
  }

  @Test
  void refusesClientErrorsButCallsBusyOrBrokenServersUnavailable() {
    server
        .on("/gone", PhotoHost.status(404))
        .on("/forbidden", PhotoHost.status(403))
        .on("/busy", PhotoHost.status(429))
        .on("/down", PhotoHost.status(503));

    assertThat(allowingLocal.fetch(server.uri("/gone"))).isInstanceOf(FetchOutcome.Refused.class);
    assertThat(problemOf(allowingLocal.fetch(server.uri("/gone"))))
        .isEqualTo(PhotoProblem.answered(404));
    assertThat(allowingLocal.fetch(server.uri("/forbidden")))
        .isInstanceOf(FetchOutcome.Refused.class);
    assertThat(allowingLocal.fetch(server.uri("/busy")))
        .isInstanceOf(FetchOutcome.Unavailable.class);
    assertThat(allowingLocal.fetch(server.uri("/down")))
        .isInstanceOf(FetchOutcome.Unavailable.class);
    assertThat(problemOf(allowingLocal.fetch(server.uri("/down"))))
        .isEqualTo(PhotoProblem.answered(503));
  }

  /** 408 Request Timeout is the host's own timeout, not a verdict on the link. */
  @Test
  void callsAHostAnsweringRequestTimeoutUnavailable() {
    server.on("/timed-out", PhotoHost.status(408));

    assertThat(allowingLocal.fetch(server.uri("/timed-out")))
        .isInstanceOf(FetchOutcome.Unavailable.class);
  }

  @Test
  void callsAHostThatRefusesConnectionsUnavailable() throws IOException {
    int closedPort;
    try (ServerSocket socket = new ServerSocket(0)) {
      closedPort = socket.getLocalPort();
    }

    FetchOutcome outcome = allowingLocal.fetch(URI.create("http://127.0.0.1:" + closedPort + "/"));

    assertThat(outcome).isInstanceOf(FetchOutcome.Unavailable.class);
    assertThat(problemOf(outcome)).isEqualTo(PhotoProblem.of(PhotoProblem.Kind.UNREACHABLE));
  }

  /** A link whose host name does not resolve (a typo, most often) says so, not "unreachable". */
  @Test
  void callsAHostWhoseNameDoesNotResolveUnavailableNamingTheCause() {
    try (PhotoLinkFetcher fetcher =
        fetcher(Duration.ofSeconds(5), Duration.ofSeconds(2), named(List.of()), "127.0.0.0/8")) {
      FetchOutcome outcome = fetcher.fetch(URI.create("http://no-such-host.example/photo.png"));

      assertThat(outcome).isInstanceOf(FetchOutcome.Unavailable.class);
      assertThat(problemOf(outcome)).isEqualTo(PhotoProblem.of(PhotoProblem.Kind.UNKNOWN_HOST));
    }
  }

  @Test
  void givesUpOnASlowServerAtTheDeadline() {
    server.on("/slow", PhotoHost.of(exchange -> Thread.sleep(10_000)));
    try (PhotoLinkFetcher impatient = fetcher(Duration.ofMillis(300), "127.0.0.1")) {
      long started = System.nanoTime();

      FetchOutcome outcome = impatient.fetch(server.uri("/slow"));

      assertThat(outcome)
          .isEqualTo(
              new FetchOutcome.Unavailable(
                  "fetch deadline passed", PhotoProblem.of(PhotoProblem.Kind.TIMEOUT)));
      assertThat(Duration.ofNanos(System.nanoTime() - started)).isLessThan(Duration.ofSeconds(2));
    }
  }

  @Test
  void givesUpOnABodyThatDripsPastTheDeadline() {
    server.on(
        "/drip",
        PhotoHost.of(
            exchange -> {
              exchange.sendResponseHeaders(200, PNG.length);
              OutputStream out = exchange.getResponseBody();
              for (byte b : PNG) {
                out.write(b);
                out.flush();
                Thread.sleep(50);
              }
            }));
    try (PhotoLinkFetcher impatient = fetcher(Duration.ofMillis(500), "127.0.0.1")) {
      long started = System.nanoTime();

      FetchOutcome outcome = impatient.fetch(server.uri("/drip"));

      assertThat(outcome)
          .isEqualTo(
              new FetchOutcome.Unavailable(
                  "fetch deadline passed", PhotoProblem.of(PhotoProblem.Kind.TIMEOUT)));
      assertThat(Duration.ofNanos(System.nanoTime() - started)).isLessThan(Duration.ofSeconds(2));
    }
  }

  /**
   * A link host whose addresses all drop connection attempts (a link can name such a host on
   * purpose) is given up on at the fetch deadline, not after the connect timeout once per address:
   * past the lease, another worker would take the job over and call the LLM a second time.
   */
  @Test
  @Timeout(30)
  void aHostWhoseAddressesAllDropConnectionsIsUnavailableAtTheDeadlineNotOncePerAddress()
      throws IOException {
    Duration deadline = Duration.ofSeconds(1);
    try (SilentAddresses silent = SilentAddresses.onLoopback(4);
        PhotoLinkFetcher fetcher =
            fetcher(deadline, Duration.ofSeconds(2), named(silent.addresses()), "127.0.0.0/8")) {
      long started = System.nanoTime();

      FetchOutcome outcome = fetcher.fetch(URI.create(link(silent.port())));

      Duration took = Duration.ofNanos(System.nanoTime() - started);
      assertThat(outcome)
          .isEqualTo(
              new FetchOutcome.Unavailable(
                  "fetch deadline passed", PhotoProblem.of(PhotoProblem.Kind.TIMEOUT)));
      assertThat(took).isLessThan(deadline.plusMillis(500));
    }
  }

  /**
   * A link host whose DNS server holds its answer back (an attacker's own server can) is given up
   * on at the fetch deadline: a JDK lookup cannot be cancelled, and its delay on top of the
   * deadline would outlast the lease.
   */
  @Test
  @Timeout(10)
  void aHostWhoseDnsDoesNotAnswerIsUnavailableAtTheDeadline() {
    Duration deadline = Duration.ofMillis(500);
    try (StalledDns dns = new StalledDns();
        PhotoLinkFetcher fetcher =
            fetcher(deadline, Duration.ofSeconds(2), dns::addressesOf, "127.0.0.0/8")) {
      long started = System.nanoTime();

      FetchOutcome outcome = fetcher.fetch(URI.create(link(8080)));

      Duration took = Duration.ofNanos(System.nanoTime() - started);
      assertThat(dns.asked()).isTrue();
      assertThat(outcome)
          .isEqualTo(
              new FetchOutcome.Unavailable(
                  "fetch deadline passed", PhotoProblem.of(PhotoProblem.Kind.TIMEOUT)));
      assertThat(took).isLessThan(deadline.plusMillis(500));
    }
  }

  /** The deadline holds for the whole fetch: an address that drops still lets the next answer. */
  @Test
  @Timeout(30)
  void aDeadFirstAddressLeavesTheNextOneTimeToAnswerWithinTheDeadline() throws IOException {
    try (PhotoHost second = startServer("127.0.0.2");
        SilentAddresses first = SilentAddresses.onLoopback(1, second.port());
        PhotoLinkFetcher fetcher =
            fetcher(
                Duration.ofSeconds(5),
                Duration.ofSeconds(1),
                named(List.of(first.addresses().get(0), InetAddress.getByName("127.0.0.2"))),
                "127.0.0.0/8")) {
      second.on("/photo.png", PhotoHost.body(200, "image/png", PNG));

      assertThat(fetcher.fetch(URI.create(link(second.port()))))
          .isInstanceOf(FetchOutcome.Fetched.class);
    }
  }

  @Test
  void refusesADeclaredLengthOverTheLimitWithoutReadingIt() throws InterruptedException {
    EndlessBody endless = new EndlessBody(MAX_BYTES * 1000L);
    server.on("/huge", endless);

    assertThat(allowingLocal.fetch(server.uri("/huge"))).isInstanceOf(FetchOutcome.Refused.class);
    assertThat(endless.stopped.await(5, TimeUnit.SECONDS)).isTrue();
    assertThat(endless.written.get()).isLessThan(MAX_BYTES * 200L);
  }

  @Test
  void stopsReadingABodyThatGrowsPastTheLimit() throws InterruptedException {
    EndlessBody endless = new EndlessBody(0);
    server.on("/endless", endless);

    FetchOutcome outcome = allowingLocal.fetch(server.uri("/endless"));

    assertThat(outcome).isInstanceOf(FetchOutcome.Refused.class);
    assertThat(((FetchOutcome.Refused) outcome).reason()).contains("over the limit");
    assertThat(endless.stopped.await(5, TimeUnit.SECONDS)).isTrue();
    assertThat(endless.written.get()).isLessThan(MAX_BYTES * 200L);
  }

  /** A PNG that never ends; records how much it got to write before the client hung up. */
  private static final class EndlessBody implements com.sun.net.httpserver.HttpHandler {

    private final long declaredLength;
    final AtomicLong written = new AtomicLong();
    final CountDownLatch stopped = new CountDownLatch(1);

    EndlessBody(long declaredLength) {
      this.declaredLength = declaredLength;
    }

    @Override
    public void handle(com.sun.net.httpserver.HttpExchange exchange) throws IOException {
      try {
        exchange.sendResponseHeaders(200, declaredLength);
        OutputStream out = exchange.getResponseBody();
        out.write(PNG, 0, 33);
        byte[] filler = new byte[8192];
        for (long sent = 0; sent < 1L << 32; sent += filler.length) {
          out.write(filler);
          written.addAndGet(filler.length);
        }
      } catch (IOException hungUp) {
        // the client dropped the connection: what we wanted
      } finally {
        stopped.countDown();
      }
    }
  }

  private static PhotoLinkFetcher fetcher(Duration deadline, String... allowlist) {
    return fetcher(deadline, Duration.ofSeconds(2), NameLookups.Lookup.SYSTEM, allowlist);
  }

  private static PhotoLinkFetcher fetcher(
      Duration deadline, Duration connectTimeout, NameLookups.Lookup names, String... allowlist) {
    return new PhotoLinkFetcher(
        new PhotoProperties(
            DataSize.ofBytes(MAX_BYTES),
            40_000_000,
            connectTimeout,
            Duration.ofSeconds(10),
            deadline,
            3,
            List.of(allowlist),
            1024,
            0.85f,
            PhotoProperties.DEFAULT_DECODE_MEMORY),
        names);
  }

  /** {@link #HOST} resolves to {@code addresses}, in that order; no other name resolves. */
  private static NameLookups.Lookup named(List<InetAddress> addresses) {
    return host -> {
      if (!host.equals(HOST)) {
        throw new UnknownHostException(host);
      }
      return addresses.toArray(InetAddress[]::new);
    };
  }

  private static String link(int port) {
    return "http://" + HOST + ":" + port + "/photo.png";
  }

  private static PhotoHost startServer(String address) {
    try {
      return new PhotoHost(address);
    } catch (IOException e) {
      throw new IllegalStateException(e);
    }
  }

  private static PhotoProblem problemOf(FetchOutcome outcome) {
    if (outcome instanceof FetchOutcome.Refused refused) {
      return refused.problem();
    }
    if (outcome instanceof FetchOutcome.Unavailable unavailable) {
      return unavailable.problem();
    }
    throw new AssertionError("fetched: " + outcome);
  }
}
