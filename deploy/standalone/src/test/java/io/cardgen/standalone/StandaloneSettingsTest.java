package io.cardgen.standalone;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

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
  void aPortThatIsNoNumberStopsTheStartNamingTheSetting() {
    assertThatThrownBy(() -> settings(Map.of("CARDGEN_EMBEDDED_POSTGRES_PORT", "abc")))
        .isInstanceOf(StartRefused.class)
        .hasMessage("CARDGEN_EMBEDDED_POSTGRES_PORT must be a whole number, not «abc»");
  }

  @Test
  void theSimulatorTakesAJsonSchemaUnlessToldNotTo() {
    assertThat(settings(Map.of()).simulatorTakesJsonSchema()).isTrue();
    assertThat(
            settings(Map.of("CARDGEN_SIMULATOR_JSON_SCHEMA", " FALSE ")).simulatorTakesJsonSchema())
        .isFalse();
    assertThatThrownBy(
            () ->
                settings(Map.of("CARDGEN_SIMULATOR_JSON_SCHEMA", "no")).simulatorTakesJsonSchema())
        .isInstanceOf(StartRefused.class)
        .hasMessage("CARDGEN_SIMULATOR_JSON_SCHEMA must be true or false, not «no»");
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

  @Test
  void takesServicesAndTheAdminTokenFromTheCommandLineOverTheEnvironment() {
    StandaloneSettings settings =
        settings(Map.of("CARDGEN_ADMIN_TOKEN", "from-env", "CARDGEN_DATA_DIR", "/tmp/env"))
            .withArguments(
                "--cardgen.admin.token=from-args",
                "--spring.datasource.url=jdbc:postgresql://db/cards",
                "--spring.kafka.bootstrap-servers=kafka:9092",
                "--cardgen.llm.base-url=http://llm/v1",
                "not-an-option",
                "--flag");

    assertThat(settings.get("CARDGEN_ADMIN_TOKEN")).isEqualTo("from-args");
    assertThat(settings.has("SPRING_DATASOURCE_URL")).isTrue();
    assertThat(settings.has("SPRING_KAFKA_BOOTSTRAP_SERVERS")).isTrue();
    assertThat(settings.has("CARDGEN_S3_ENDPOINT")).isFalse();
    assertThat(settings.wantsSimulator()).isFalse();
    assertThat(settings.dataDir()).isEqualTo(java.nio.file.Path.of("/tmp/env"));
  }

  private static StandaloneSettings settings(Map<String, String> environment) {
    return StandaloneSettings.fromEnvironment(environment);
  }
}
