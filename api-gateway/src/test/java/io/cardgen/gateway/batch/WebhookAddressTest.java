package io.cardgen.gateway.batch;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
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
    String ip = DNS.get(host);
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

  @Test
  void plainHttpToAHostThatDoesNotResolveIsRefused() {
    assertThat(address.permits("http://not-yet.example/cardgen")).isFalse();
  }
}
