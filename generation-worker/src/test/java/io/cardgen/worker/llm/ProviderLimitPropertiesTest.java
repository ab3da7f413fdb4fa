package io.cardgen.worker.llm;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import org.junit.jupiter.api.Test;

class ProviderLimitPropertiesTest {

  @Test
  void aWindowWhoseShareIsUnderOneRequestIsRefusedWithTheWindowThatWouldDo() {
    assertThatThrownBy(() -> new ProviderLimitProperties(6, 0, Duration.ofSeconds(5), 1000, 2000))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("PT10S");
  }

  @Test
  void eachWindowGetsItsWholeShareRoundedDown() {
    assertThat(
            new ProviderLimitProperties(6, 0, Duration.ofSeconds(10), 1000, 2000)
                .requestsPerWindow())
        .isEqualTo(1);
    assertThat(
            new ProviderLimitProperties(100, 0, Duration.ofSeconds(5), 1000, 2000)
                .requestsPerWindow())
        .isEqualTo(8);
    assertThat(
            new ProviderLimitProperties(0, 0, Duration.ofSeconds(5), 1000, 2000)
                .requestsPerWindow())
        .isEqualTo(Integer.MAX_VALUE);
  }
}
