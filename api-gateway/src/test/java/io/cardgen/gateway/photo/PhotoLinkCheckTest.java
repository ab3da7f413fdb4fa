package io.cardgen.gateway.photo;

import static org.assertj.core.api.Assertions.assertThat;

import io.cardgen.common.net.NameLookups;
import io.cardgen.common.stage.OldestFirstGate;
import io.cardgen.testsupport.StalledDns;
import java.net.InetAddress;
import java.net.URI;
import java.net.UnknownHostException;
import java.time.Duration;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

class PhotoLinkCheckTest {

  private static final UUID ACCOUNT = UUID.randomUUID();
  private static final Duration TIMEOUT = Duration.ofMillis(200);

  private final StalledDns dns = new StalledDns();
  private static final int LOOKUPS = 4;
  private static final int PER_ACCOUNT = 2;

  private final NameLookups lookups = new NameLookups("test-intake-dns", LOOKUPS, PER_ACCOUNT);
  private final OldestFirstGate gate = new OldestFirstGate(1, Duration.ofSeconds(30));

  @AfterEach
  void release() {
    dns.close();
    lookups.close();
  }

  private static InetAddress[] addresses(String... literals) throws UnknownHostException {
    InetAddress[] resolved = new InetAddress[literals.length];
    for (int i = 0; i < literals.length; i++) {
      resolved[i] = InetAddress.getByName(literals[i]);
    }
    return resolved;
  }

  private static PhotoLinkCheck.Verdict check(PhotoLinkCheck check, String link) {
    return check.check(URI.create(link), ACCOUNT, check.deadlineFromNow());
  }

  @Test
  void refusesAHostWithAnyPrivateAddress() {
    PhotoLinkCheck check =
        PhotoIntakes.linkCheck(List.of(), host -> addresses("93.184.215.14", "10.0.0.7"));

    assertThat(check(check, "https://photos.example/mug.jpg"))
        .isInstanceOf(PhotoLinkCheck.RefusedAddress.class);
  }

  @Test
  void allowsAHostWhoseAddressesAreAllPublic() {
    PhotoLinkCheck check = PhotoIntakes.linkCheck(List.of(), host -> addresses("93.184.215.14"));

    assertThat(check(check, "https://photos.example/mug.jpg"))
        .isInstanceOf(PhotoLinkCheck.Allowed.class);
  }

  @Test
  void theAllowlistOpensAPrivateHost() {
    PhotoLinkCheck check =
        PhotoIntakes.linkCheck(List.of("10.0.0.0/24"), host -> addresses("10.0.0.7"));

    assertThat(check(check, "http://images.internal/mug.jpg"))
        .isInstanceOf(PhotoLinkCheck.Allowed.class);
  }

  @Test
  void judgesIpLiteralsWithoutALookup() {
    PhotoLinkCheck check = PhotoIntakes.linkCheck(List.of(), InetAddress::getAllByName);

    assertThat(check(check, "http://127.0.0.1/a.jpg"))
        .isInstanceOf(PhotoLinkCheck.RefusedAddress.class);
    assertThat(check(check, "http://[::1]/a.jpg"))
        .isInstanceOf(PhotoLinkCheck.RefusedAddress.class);
    assertThat(check(check, "http://[fd00:ec2::254]/a.jpg"))
        .isInstanceOf(PhotoLinkCheck.RefusedAddress.class);
  }

  @Test
  void leavesAnUnresolvableHostToTheWorker() {
    PhotoLinkCheck check =
        PhotoIntakes.linkCheck(
            List.of(),
            host -> {
              throw new UnknownHostException(host);
            });

    assertThat(check(check, "https://gone.example/a.jpg"))
        .isInstanceOf(PhotoLinkCheck.Allowed.class);
  }

  /**
   * A link's DNS server that holds its answer back would hold the request's thread as long; the
   * check gives up at the request's deadline and leaves the host to the worker, as one that does
   * not resolve now.
   */
  @Test
  @Timeout(20)
  void aHostWhoseDnsDoesNotAnswerIsLeftToTheWorkerAtTheDeadline() {
    PhotoLinkCheck check = stalledCheck();
    long start = System.nanoTime();

    PhotoLinkCheck.Verdict verdict =
        check.check(URI.create("https://slow.example/a.jpg"), ACCOUNT, check.deadlineFromNow());

    assertThat(verdict).isInstanceOf(PhotoLinkCheck.Allowed.class);
    assertThat(dns.asked()).isTrue();
    assertThat(Duration.ofNanos(System.nanoTime() - start))
        .isGreaterThanOrEqualTo(TIMEOUT)
        .isLessThan(Duration.ofSeconds(10));
  }

  /**
   * One account's stalled lookups fill only its own places, however many links it sends: another
   * account's link is still looked up and judged at once (refused, which only a finished lookup can
   * tell), while a further link of the first account waits no longer than its deadline.
   */
  @Test
  @Timeout(20)
  void anAccountsStalledLookupsDoNotDelayAnotherAccountsCheck() throws Exception {
    PhotoLinkCheck check = stalledCheck();
    // As many as there are places in all: without places of its own, they would take every one.
    for (int i = 0; i < LOOKUPS; i++) {
      assertThat(
              check.check(
                  URI.create("https://stalled-" + i + ".example/a.jpg"),
                  ACCOUNT,
                  check.deadlineFromNow()))
          .isInstanceOf(PhotoLinkCheck.Allowed.class);
    }
    long start = System.nanoTime();

    assertThat(
            check.check(
                URI.create("https://inside.example/a.jpg"),
                UUID.randomUUID(),
                System.nanoTime() + Duration.ofSeconds(10).toNanos()))
        .isInstanceOf(PhotoLinkCheck.RefusedAddress.class);
    assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(Duration.ofSeconds(5));

    long again = System.nanoTime();
    assertThat(
            check.check(
                URI.create("https://inside.example/a.jpg"), ACCOUNT, check.deadlineFromNow()))
        .isInstanceOf(PhotoLinkCheck.Allowed.class);
    assertThat(Duration.ofNanos(System.nanoTime() - again)).isLessThan(Duration.ofSeconds(10));
  }

  /**
   * An address in a link needs no lookup: it is refused even when the account's stalled names hold
   * every place it has and the request's deadline has passed, which would let a name pass.
   */
  @Test
  @Timeout(20)
  void anInternalAddressIsRefusedWhileTheAccountsLookupsAreStalled() {
    PhotoLinkCheck check = stalledCheck();
    for (int i = 0; i < PER_ACCOUNT; i++) {
      check(check, "https://stalled-" + i + ".example/a.jpg");
    }
    long passed = System.nanoTime() - 1;

    assertThat(check.check(URI.create("http://10.0.0.7/a.jpg"), ACCOUNT, passed))
        .isInstanceOf(PhotoLinkCheck.RefusedAddress.class);
    assertThat(check.check(URI.create("http://[fd00:ec2::254]/a.jpg"), ACCOUNT, passed))
        .isInstanceOf(PhotoLinkCheck.RefusedAddress.class);
    assertThat(check.check(URI.create("https://inside.example/a.jpg"), ACCOUNT, passed))
        .as("a name, by contrast, is left to the worker")
        .isInstanceOf(PhotoLinkCheck.Allowed.class);
  }

  /** Names ending in {@code stalled…} or {@code slow…} never answer; the others are internal. */
  private PhotoLinkCheck stalledCheck() {
    return new PhotoLinkCheck(
        List.of(),
        host ->
            host.startsWith("stalled") || host.startsWith("slow")
                ? dns.addressesOf(host)
                : addresses("10.0.0.7"),
        lookups,
        TIMEOUT,
        gate);
  }

  /** The request's permit of the gate is free for others while it waits for its DNS lookup. */
  @Test
  @Timeout(20)
  void theRequestWaitsForItsLookupOutsideItsPermit() {
    int[] permitsInUseDuringTheLookup = {-1};
    PhotoLinkCheck check =
        new PhotoLinkCheck(
            List.of(),
            host -> {
              permitsInUseDuringTheLookup[0] = gate.inUse();
              return addresses("93.184.215.14");
            },
            lookups,
            TIMEOUT.multipliedBy(25),
            gate);

    PhotoLinkCheck.Verdict verdict =
        gate.run(
            OldestFirstGate.originNow(),
            () ->
                check.check(
                    URI.create("https://photos.example/a.jpg"), ACCOUNT, check.deadlineFromNow()));

    assertThat(verdict).isInstanceOf(PhotoLinkCheck.Allowed.class);
    assertThat(permitsInUseDuringTheLookup[0]).isZero();
  }
}
