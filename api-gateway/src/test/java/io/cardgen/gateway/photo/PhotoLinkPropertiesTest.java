package io.cardgen.gateway.photo;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.net.InetAddress;
import java.net.URI;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.boot.context.properties.bind.BindException;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.boot.context.properties.source.MapConfigurationPropertySource;

/** The gateway must read the allowlist exactly as the worker's {@code PhotoProperties} does. */
class PhotoLinkPropertiesTest {

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
        new PhotoLinkCheck(properties.privateHostAllowlist(), host -> new InetAddress[] {internal});

    assertThat(check.check(URI.create("http://images.internal/mug.jpg")))
        .isInstanceOf(PhotoLinkCheck.Allowed.class);
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

  private static PhotoLinkProperties bind(Map<String, String> values) {
    return new Binder(new MapConfigurationPropertySource(values))
        .bindOrCreate("cardgen.images", PhotoLinkProperties.class);
  }
}
