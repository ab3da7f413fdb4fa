package io.cardgen.gateway.batch;

import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.springframework.util.unit.DataSize;

class BatchPropertiesTest {

  private static BatchProperties withItemSize(DataSize itemSize) {
    return new BatchProperties(
        10_000, DataSize.ofMegabytes(256), itemSize, List.of(), 1000, Duration.ofMinutes(1));
  }

  @Test
  void anItemLimitBelowOneKilobyteIsRefusedAtStart() {
    assertThatThrownBy(() -> withItemSize(DataSize.ofBytes(0)))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("cardgen.batch.max-item-size");
    assertThatCode(() -> withItemSize(DataSize.ofKilobytes(1))).doesNotThrowAnyException();
  }
}
