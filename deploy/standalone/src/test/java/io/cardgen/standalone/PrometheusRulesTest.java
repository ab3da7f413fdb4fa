package io.cardgen.standalone;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeFalse;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Path;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The Prometheus files under deploy/prometheus, checked by promtool: the rules load, the alert unit
 * tests in alerts.test.yml pass, and both scrape configurations are valid. promtool comes with
 * Debian's prometheus package; where it is not installed these tests are skipped, not passed.
 */
class PrometheusRulesTest {

  private static final Path PROMETHEUS = Path.of("..", "prometheus").toAbsolutePath().normalize();

  // Per test, not @BeforeAll: an assumption that fails before all tests makes Surefire count the
  // class as 0 tests run, not as skipped, and the skip would not show in the build's summary.
  @BeforeEach
  void needsPromtool() {
    assumeTrue(
        Tools.onPath("promtool"),
        "promtool is not installed (apt-get install prometheus): Prometheus rule tests skipped");
  }

  @Test
  void rulesLoad() {
    promtoolSucceeds("check", "rules", "alerts.yml");
  }

  @Test
  void alertUnitTestsPass() {
    assertThat(promtoolSucceeds("test", "rules", "alerts.test.yml")).contains("SUCCESS");
  }

  @Test
  void composeScrapeConfigurationIsValid() {
    promtoolSucceeds("check", "config", "prometheus.yml");
  }

  @Test
  void kubernetesScrapeConfigurationIsValid() {
    Tools.Result result =
        Tools.run(PROMETHEUS, "promtool", "check", "config", "prometheus-kubernetes.yml");
    // Debian builds Prometheus without Kubernetes service discovery; its promtool cannot read
    // the file at all, which says nothing about the file.
    assumeFalse(
        result.output().contains("field kubernetes_sd_configs not found"),
        "this promtool has no Kubernetes discovery (Debian's build): prometheus-kubernetes.yml skipped");
    assertThat(result.exitCode()).as(result.output()).isZero();
  }

  /** Runs promtool in deploy/prometheus, asserts it succeeded and returns what it printed. */
  private static String promtoolSucceeds(String... arguments) {
    String[] command = new String[arguments.length + 1];
    command[0] = "promtool";
    System.arraycopy(arguments, 0, command, 1, arguments.length);
    Tools.Result result = Tools.run(PROMETHEUS, command);
    assertThat(result.exitCode()).as(result.output()).isZero();
    return result.output();
  }
}
