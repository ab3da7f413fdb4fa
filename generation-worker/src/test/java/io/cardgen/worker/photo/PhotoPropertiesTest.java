package io.cardgen.worker.photo;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.boot.context.properties.bind.BindException;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.boot.context.properties.source.MapConfigurationPropertySource;

class PhotoPropertiesTest {

  @Test
  void bindsTheDocumentedDefaults() {
    PhotoProperties properties = bind(Map.of());

    assertThat(properties.limits().maxBytes()).isEqualTo(10 * 1024 * 1024);
    assertThat(properties.limits().maxPixels()).isEqualTo(40_000_000L);
    assertThat(properties.fetchDeadline()).isEqualTo(Duration.ofSeconds(15));
    assertThat(properties.maxRedirects()).isEqualTo(3);
    assertThat(properties.privateHostAllowlist()).isEmpty();
    assertThat(properties.llmMaxSide()).isEqualTo(1024);
  }

  @Test
  void readsTheAllowlistAsOneCommaSeparatedValue() {
    PhotoProperties properties =
        bind(Map.of("cardgen.images.private-host-allowlist", " 10.0.0.0/8, 127.0.0.1 ,,"));

    assertThat(properties.privateHostAllowlist()).containsExactly("10.0.0.0/8", "127.0.0.1");
  }

  @Test
  void readsAnEmptyAllowlistAsNone() {
    assertThat(bind(Map.of("cardgen.images.private-host-allowlist", "")).privateHostAllowlist())
        .isEmpty();
  }

  @Test
  void refusesToStartWithAnAllowlistEntryThatIsNotAnAddress() {
    assertThatThrownBy(
            () -> bind(Map.of("cardgen.images.private-host-allowlist", "images.internal")))
        .isInstanceOf(BindException.class)
        .hasRootCauseMessage("not an IP address or CIDR: images.internal");
  }

  /** The gateway's own setting under the same prefix neither stops the worker nor changes it. */
  @Test
  void leavesTheGatewaysIntakeLookupTimeoutToTheGateway() {
    assertThat(bind(Map.of("cardgen.images.intake-lookup-timeout", "200ms")))
        .isEqualTo(bind(Map.of()));
  }

  private static PhotoProperties bind(Map<String, String> values) {
    return new Binder(new MapConfigurationPropertySource(values))
        .bindOrCreate("cardgen.images", PhotoProperties.class);
  }
}
