package io.cardgen.gateway.batch;

import static org.assertj.core.api.Assertions.assertThat;

import io.cardgen.common.net.NameLookups;
import io.cardgen.testsupport.StalledDns;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.springframework.util.unit.DataSize;

class WebhookAddressTest {

  private static final Map<String, String> DNS =
      Map.of("hooks.example", "93.184.216.34", "inside.example", "10.0.0.7");

  private static final Duration LOOKUP_TIMEOUT = Duration.ofMillis(300);
  private static final int PER_ACCOUNT = 2;
  private static final UUID ACCOUNT = UUID.randomUUID();

  private final NameLookups lookups = new NameLookups("test-webhook-dns", 8, PER_ACCOUNT);
  private final StalledDns stalled = new StalledDns();
  private final WebhookAddress address = checking(WebhookAddressTest::resolve, LOOKUP_TIMEOUT);

  /** Names starting with {@code stalled} never answer; the others as {@link #DNS} says. */
  private final WebhookAddress stalledAddress = checking(this::stalledOrResolved, LOOKUP_TIMEOUT);

  private InetAddress[] stalledOrResolved(String host) throws UnknownHostException {
    return host.startsWith("stalled") ? stalled.addressesOf(host) : resolve(host);
  }

  private WebhookAddress checking(NameLookups.Lookup resolver, Duration lookupTimeout) {
    return new WebhookAddress(
        new BatchProperties(
            10_000,
            DataSize.ofMegabytes(256),
            DataSize.ofMegabytes(32),
            List.of("127.0.0.1"),
            1000,
            Duration.ofMinutes(1),
            2,
            lookupTimeout),
        resolver,
        lookups);
  }

  @AfterEach
  void close() {
    stalled.close();
    lookups.close();
  }

  private static InetAddress[] resolve(String host) throws UnknownHostException {
    // An IPv6 literal is no lookup, as with the JDK's resolver.
    String ip = host.startsWith("[") ? host : DNS.get(host);
    if (ip == null) {
      throw new UnknownHostException(host);
    }
    return new InetAddress[] {InetAddress.getByName(ip)};
  }

  @Test
  void aPublicHttpsHostPassesAndAnInternalOneDoesNot() {
    assertThat(address.permits("https://hooks.example/cardgen", ACCOUNT)).isTrue();
    assertThat(address.permits("https://inside.example/cardgen", ACCOUNT)).isFalse();
  }

  @Test
  void anHttpsHostThatDoesNotResolveNowIsLeftToTheDeliverer() {
    assertThat(address.permits("https://not-yet.example/cardgen", ACCOUNT)).isTrue();
  }

  @Test
  void anAddressWithAPortNoConnectionCanUseIsRefused() {
    assertThat(address.permits("https://hooks.example:99999/cardgen", ACCOUNT)).isFalse();
    assertThat(address.permits("https://hooks.example:0/cardgen", ACCOUNT)).isFalse();
    assertThat(address.permits("https://hooks.example:8443/cardgen", ACCOUNT)).isTrue();
  }

  /**
   * Forms whose address depends on who reads them, refused as photo links are (a review found them
   * passing: Java took 0177.0.0.1 for the public 177.0.0.1, and the rest as names that may resolve
   * later).
   */
  @ParameterizedTest
  @ValueSource(
      strings = {
        "https://0177.0.0.1/cardgen",
        "https://0x7f000001/cardgen",
        "https://2130706433/cardgen",
        "https://127.1/cardgen",
        "https://[fe80::1%25eth0]/cardgen",
        "https://[::ffff:0:7f00:1]/cardgen"
      })
  void anAmbiguousOrInternalNumericHostIsRefused(String url) {
    assertThat(address.permits(url, ACCOUNT)).isFalse();
  }

  @Test
  void anAddressWithAnUnpairedSurrogateIsRefused() {
    assertThat(address.permits("https://hooks.example/cardgen/\ud800", ACCOUNT)).isFalse();
    assertThat(address.permits("https://hooks.example/cardgen?x=\udc00", ACCOUNT)).isFalse();
    assertThat(address.permits("https://hooks.example/cardgen/\ud83d\ude00", ACCOUNT)).isTrue();
  }

  @Test
  void plainHttpToAHostThatDoesNotResolveIsRefused() {
    assertThat(address.permits("http://not-yet.example/cardgen", ACCOUNT)).isFalse();
  }

  /**
   * A webhook host's DNS server that holds its answer back would hold the batch creation's thread
   * as long; the check gives up at its deadline and judges the host as one that does not resolve:
   * https is left to the deliverer, plain http (which needs an allowlisted address) is refused.
   */
  @Test
  @Timeout(20)
  void aHostWhoseDnsDoesNotAnswerIsJudgedUnresolvedAtTheDeadline() {
    long start = System.nanoTime();

    assertThat(stalledAddress.permits("https://stalled.example/cardgen", ACCOUNT)).isTrue();
    assertThat(stalledAddress.permits("http://stalled-too.example/cardgen", ACCOUNT)).isFalse();

    assertThat(stalled.asked()).isTrue();
    assertThat(Duration.ofNanos(System.nanoTime() - start))
        .isGreaterThanOrEqualTo(LOOKUP_TIMEOUT.multipliedBy(2))
        .isLessThan(Duration.ofSeconds(10));
  }

  /**
   * An address in the URL needs no lookup: an internal one is refused even while the account's
   * stalled names hold every lookup place it has, where a name would pass at its deadline.
   */
  @Test
  @Timeout(20)
  void anInternalAddressIsRefusedWhileTheAccountsLookupsAreStalled() {
    for (int i = 0; i < PER_ACCOUNT; i++) {
      assertThat(stalledAddress.permits("https://stalled-" + i + ".example/cardgen", ACCOUNT))
          .isTrue();
    }

    assertThat(stalledAddress.permits("https://10.0.0.7/cardgen", ACCOUNT)).isFalse();
    assertThat(stalledAddress.permits("https://[fd00:ec2::254]/cardgen", ACCOUNT)).isFalse();
    assertThat(stalledAddress.permits("http://127.0.0.1/cardgen", ACCOUNT))
        .as("the allowlisted address, judged as at once")
        .isTrue();
    assertThat(stalledAddress.permits("https://inside.example/cardgen", ACCOUNT))
        .as("a name, by contrast, waits for a place and passes at the deadline")
        .isTrue();
  }

  /** One account's stalled names leave another account's lookup its places and its verdict. */
  @Test
  @Timeout(20)
  void anAccountsStalledLookupsDoNotDelayAnotherAccountsCheck() {
    for (int i = 0; i < PER_ACCOUNT; i++) {
      stalledAddress.permits("https://stalled-" + i + ".example/cardgen", ACCOUNT);
    }
    WebhookAddress patient = checking(this::stalledOrResolved, Duration.ofSeconds(10));
    long start = System.nanoTime();

    assertThat(patient.permits("https://inside.example/cardgen", UUID.randomUUID()))
        .as("refused, which only a finished lookup can tell")
        .isFalse();
    assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(Duration.ofSeconds(5));
  }
}
