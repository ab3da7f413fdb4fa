package io.cardgen.common.admin;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class ActuatorPathsTest {

  @ParameterizedTest
  @ValueSource(
      strings = {
        "/actuator/health",
        "/actuator/health/liveness",
        "/actuator/health/readiness",
        "/actuator/prometheus"
      })
  void probesAndTheScrapeAreOpen(String path) {
    assertThat(ActuatorPaths.openWithoutToken(path)).isTrue();
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "/actuator",
        "/actuator/",
        "/actuator/metrics",
        "/actuator/metrics/jvm.memory.used",
        "/actuator/info",
        "/actuator/health/db",
        "/actuator/health/",
        "/actuator/health;x=1",
        "/actuator;x=1/health",
        "/actuator/prometheus/",
        "/actuator/%70rometheus",
        "/actuator/health/../metrics",
        "/Actuator/health",
        "//actuator/health",
        "/admin/audit",
        ""
      })
  void everythingElseIsNot(String path) {
    assertThat(ActuatorPaths.openWithoutToken(path)).isFalse();
  }
}
