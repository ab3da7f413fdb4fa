package io.cardgen.gateway.batch;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.cardgen.common.net.NameLookups;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.boot.context.properties.source.MapConfigurationPropertySource;
import org.springframework.util.unit.DataSize;

class BatchPropertiesTest {

  private static BatchProperties withItemSize(DataSize itemSize) {
    return new BatchProperties(
        10_000,
        DataSize.ofMegabytes(256),
        itemSize,
        List.of(),
        1000,
        Duration.ofMinutes(1),
        2,
        Duration.ofSeconds(2));
  }

  @Test
  void anItemLimitBelowOneKilobyteIsRefusedAtStart() {
    assertThatThrownBy(() -> withItemSize(DataSize.ofBytes(0)))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("cardgen.batch.max-item-size");
    assertThatCode(() -> withItemSize(DataSize.ofKilobytes(1))).doesNotThrowAnyException();
  }

  /** Read as the worker's {@code WebhookProperties} reads it, so one value suits both. */
  @Test
  void readsTheWebhookAllowlistWithStrayCommasAndSpacesAsTheWorkerDoes() {
    BatchProperties properties =
        new Binder(
                new MapConfigurationPropertySource(
                    Map.of("cardgen.batch.webhook-private-host-allowlist", " 127.0.0.1 ,,")))
            .bindOrCreate("cardgen.batch", BatchProperties.class);

    assertThat(properties.webhookPrivateHostAllowlist()).containsExactly("127.0.0.1");
    try (NameLookups lookups = new NameLookups("test-dns", 1, 1)) {
      assertThat(
              new WebhookAddress(properties, lookups)
                  .permits("http://127.0.0.1/hook", UUID.randomUUID()))
          .isTrue();
    }
  }

  @Test
  void aWebhookLookupTimeoutThatIsNotPositiveIsRefusedAtStart() {
    assertThatThrownBy(
            () ->
                new BatchProperties(
                    10_000,
                    DataSize.ofMegabytes(256),
                    DataSize.ofMegabytes(32),
                    List.of(),
                    1000,
                    Duration.ofMinutes(1),
                    2,
                    Duration.ZERO))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("cardgen.batch.webhook-lookup-timeout");
  }
}
