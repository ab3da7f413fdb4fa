package io.cardgen.gateway.batch;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.springframework.util.unit.DataSize;

class WebhookAddressTest {

  private static final Map<String, String> DNS =
      Map.of("hooks.example", "93.184.216.34", "inside.example", "10.0.0.7");

  private final WebhookAddress address =
      new WebhookAddress(
          new BatchProperties(
              10_000,
              DataSize.ofMegabytes(256),
              DataSize.ofMegabytes(32),
              List.of("127.0.0.1"),
              1000,
              Duration.ofMinutes(1),
              2),
          WebhookAddressTest::resolve);

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
    assertThat(address.permits("https://hooks.example/cardgen")).isTrue();
    assertThat(address.permits("https://inside.example/cardgen")).isFalse();
  }

  @Test
  void anHttpsHostThatDoesNotResolveNowIsLeftToTheDeliverer() {
    assertThat(address.permits("https://not-yet.example/cardgen")).isTrue();
  }

  @Test
  void anAddressWithAPortNoConnectionCanUseIsRefused() {
    assertThat(address.permits("https://hooks.example:99999/cardgen")).isFalse();
    assertThat(address.permits("https://hooks.example:0/cardgen")).isFalse();
    assertThat(address.permits("https://hooks.example:8443/cardgen")).isTrue();
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
    assertThat(address.permits(url)).isFalse();
  }

  @Test
  void anAddressWithAnUnpairedSurrogateIsRefused() {
    assertThat(address.permits("https://hooks.example/cardgen/\ud800")).isFalse();
    assertThat(address.permits("https://hooks.example/cardgen?x=\udc00")).isFalse();
    assertThat(address.permits("https://hooks.example/cardgen/\ud83d\ude00")).isTrue();
  }

  @Test
  void plainHttpToAHostThatDoesNotResolveIsRefused() {
    assertThat(address.permits("http://not-yet.example/cardgen")).isFalse();
  }
}
