package io.cardgen.standalone;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ControllerPortTest {

  @TempDir Path dir;

  @Test
  void picksABindablePortBelowTheEphemeralRangeOtherThanTheClientPort() {
    for (int round = 0; round < 1_000; round++) {
      int port = ControllerPort.pick(20_001, 20_003, candidate -> candidate != 20_000);

      assertThat(port).isEqualTo(20_002);
    }
  }

  @Test
  void givesUpWhenNothingIsBindable() {
    assertThatThrownBy(() -> ControllerPort.pick(-1, 32_768, candidate -> false))
        .isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("controller");
  }

  @Test
  void readsTheRangeStartAndFallsBackToLinuxDefault() throws IOException {
    Path range = Files.writeString(dir.resolve("range"), "40000\t60999\n");
    Path tooLow = Files.writeString(dir.resolve("low"), "1024 65535\n");

    assertThat(ControllerPort.ephemeralRangeStart(range)).isEqualTo(40_000);
    assertThat(ControllerPort.ephemeralRangeStart(tooLow)).isEqualTo(32_768);
    assertThat(ControllerPort.ephemeralRangeStart(dir.resolve("missing"))).isEqualTo(32_768);
  }

  @Test
  void theRealPortIsFreeAndBelowTheRange() {
    int port = ControllerPort.pick(-1);

    assertThat(port)
        .isBetween(
            20_000,
            ControllerPort.ephemeralRangeStart(Path.of("/proc/sys/net/ipv4/ip_local_port_range"))
                - 1);
  }
}
