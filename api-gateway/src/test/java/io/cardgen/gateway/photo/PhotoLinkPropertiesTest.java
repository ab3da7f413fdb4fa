package io.cardgen.gateway.photo;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.net.InetAddress;
import java.net.URI;
import java.time.Duration;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.springframework.boot.context.properties.bind.BindException;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.boot.context.properties.source.MapConfigurationPropertySource;

/** The gateway must read the allowlist exactly as the worker's {@code PhotoProperties} does. */
class PhotoLinkPropertiesTest {

  private static final UUID ACCOUNT = UUID.randomUUID();

  @Test
  void readsTheAllowlistAsOneCommaSeparatedValue() {
    PhotoLinkProperties properties =
        bind(Map.of("cardgen.images.private-host-allowlist", " 10.0.0.0/8, 127.0.0.1 ,,"));

    assertThat(properties.privateHostAllowlist()).containsExactly("10.0.0.0/8", "127.0.0.1");
  }

  @Test
  void aTrailingCommaStillOpensTheListedHosts() throws Exception {
    PhotoLinkProperties properties =
        bind(Map.of("cardgen.images.private-host-allowlist", "10.0.0.0/8,"));
    InetAddress internal = InetAddress.getByName("10.0.0.7");

    PhotoLinkCheck check =
        PhotoIntakes.linkCheck(
            properties.privateHostAllowlist(), host -> new InetAddress[] {internal});

    assertThat(check.check(URI.create("http://images.internal/mug.jpg"), ACCOUNT, in2s()))
        .isInstanceOf(PhotoLinkCheck.Allowed.class);
  }

  @Test
  void waitsTwoSecondsForARequestsLookupsUnlessToldOtherwise() {
    assertThat(bind(Map.of()).intakeLookupTimeout()).isEqualTo(Duration.ofSeconds(2));
    assertThat(bind(Map.of("cardgen.images.intake-lookup-timeout", "500ms")).intakeLookupTimeout())
        .isEqualTo(Duration.ofMillis(500));
  }

  @Test
  void refusesToStartWithALookupTimeoutThatIsNotPositive() {
    assertThatThrownBy(() -> bind(Map.of("cardgen.images.intake-lookup-timeout", "0s")))
        .isInstanceOf(BindException.class)
        .hasRootCauseMessage("cardgen.images.intake-lookup-timeout must be positive");
  }

  @Test
  void readsAnEmptyAllowlistAsNone() {
    assertThat(bind(Map.of("cardgen.images.private-host-allowlist", "")).privateHostAllowlist())
        .isEmpty();
    assertThat(bind(Map.of()).privateHostAllowlist()).isEmpty();
  }

  @Test
  void refusesToStartWithAnAllowlistEntryThatIsNotAnAddress() {
    assertThatThrownBy(
            () ->
                bind(Map.of("cardgen.images.private-host-allowlist", "10.0.0.0/8,images.internal")))
        .isInstanceOf(BindException.class)
        .hasRootCauseMessage("not an IP address or CIDR: images.internal");
  }

  private static long in2s() {
    return System.nanoTime() + Duration.ofSeconds(2).toNanos();
  }

  private static PhotoLinkProperties bind(Map<String, String> values) {
    return new Binder(new MapConfigurationPropertySource(values))
        .bindOrCreate("cardgen.images", PhotoLinkProperties.class);
  }
}
