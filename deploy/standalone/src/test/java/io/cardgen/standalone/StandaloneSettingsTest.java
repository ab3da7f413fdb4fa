package io.cardgen.standalone;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.junit.jupiter.api.Test;

class StandaloneSettingsTest {

  @Test
  void startsTheSimulatorOnlyWhenNoProviderIsConfigured() {
    assertThat(settings(Map.of()).wantsSimulator()).isTrue();
    assertThat(settings(Map.of("CARDGEN_LLM_API_KEY", " ")).wantsSimulator()).isTrue();
    assertThat(settings(Map.of("CARDGEN_LLM_API_KEY", "simulator")).wantsSimulator()).isTrue();
  }

  @Test
  void leavesAConfiguredKeyToTheRealProvider() {
    assertThat(settings(Map.of("CARDGEN_LLM_API_KEY", "sk-real")).wantsSimulator()).isFalse();
  }

  @Test
  void leavesAGivenBaseUrlToThatProvider() {
    assertThat(settings(Map.of("CARDGEN_LLM_BASE_URL", "http://127.0.0.1:1/v1")).wantsSimulator())
        .isFalse();
  }

  private static StandaloneSettings settings(Map<String, String> environment) {
    return StandaloneSettings.fromEnvironment(environment);
  }
}
