package io.cardgen.standalone;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import java.util.Properties;
import org.junit.jupiter.api.Test;

class ServerSettingOverridesTest {

  @Test
  void takesTheSettingsUnderThePrefixByTheirOwnName() {
    Properties system = new Properties();
    system.setProperty("cardgen.embedded-kafka.num.io.threads", "2");
    system.setProperty("cardgen.embedded-kafka.", "no setting name");
    system.setProperty("cardgen.embedded-postgres.shared_preload_libraries", "pg_stat_statements");
    system.setProperty("num.network.threads", "1");

    assertThat(ServerSettingOverrides.read("cardgen.embedded-kafka.", system))
        .isEqualTo(Map.of("num.io.threads", "2"));
    assertThat(ServerSettingOverrides.read("cardgen.embedded-postgres.", system))
        .isEqualTo(Map.of("shared_preload_libraries", "pg_stat_statements"));
  }
}
