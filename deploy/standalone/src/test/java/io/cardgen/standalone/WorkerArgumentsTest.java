package io.cardgen.standalone;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The worker context's arguments in the standalone: its port is a management port too. */
class WorkerArgumentsTest {

  private static final StandaloneSettings DEFAULTS = StandaloneSettings.fromEnvironment(Map.of());

  @Test
  void theWorkerListensWhereTheManagementPortDoes() {
    String[] worker =
        StandaloneApplication.workerArguments(
            List.of("--server.port=8080", "--cardgen.admin.address=127.0.0.1"), DEFAULTS);

    assertThat(worker)
        .contains("--server.port=8082", "--server.address=127.0.0.1")
        .doesNotContain("--server.port=8080");
  }

  @Test
  void theLastAddressGivenWinsAndAnEmptyOneMeansEveryInterface() {
    assertThat(
            StandaloneApplication.workerArguments(
                List.of("--cardgen.admin.address=127.0.0.1", "--cardgen.admin.address=10.0.0.5"),
                DEFAULTS))
        .contains("--server.address=10.0.0.5")
        .doesNotContain("--server.address=127.0.0.1");
    assertThat(StandaloneApplication.workerArguments(List.of("--cardgen.admin.address="), DEFAULTS))
        .contains("--server.address=");
  }

  @Test
  void theEnvironmentsAddressServesWhenNoArgumentGivesOne() {
    StandaloneSettings lan =
        StandaloneSettings.fromEnvironment(Map.of("CARDGEN_ADMIN_ADDRESS", " 0.0.0.0 "));

    assertThat(StandaloneApplication.workerArguments(List.of(), lan))
        .contains("--server.address=0.0.0.0");
    assertThat(
            StandaloneApplication.workerArguments(
                List.of("--cardgen.admin.address=127.0.0.1"), lan))
        .contains("--server.address=127.0.0.1");
  }

  @Test
  void theAddressOfThePublicApiDoesNotMoveTheWorkersPort() {
    String[] worker =
        StandaloneApplication.workerArguments(
            List.of("--cardgen.admin.address=127.0.0.1", "--server.address=0.0.0.0"), DEFAULTS);

    assertThat(worker)
        .contains("--server.address=127.0.0.1")
        .doesNotContain("--server.address=0.0.0.0");
  }
}
