package io.cardgen.testsupport;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.ServerSocket;
import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;

class FreePortsTest {

  @Test
  void portsLieBelowTheEphemeralRangeAndAreNeverHandedOutTwice() {
    Set<Integer> ports = new HashSet<>();
    for (int i = 0; i < 50; i++) {
      ports.add(FreePorts.next());
    }
    assertThat(ports).hasSize(50).allMatch(port -> port < FreePorts.ephemeralRangeStart());
  }

  @Test
  void aPortSomeoneListensOnIsNotBindable() throws IOException {
    try (ServerSocket taken = new ServerSocket(FreePorts.next())) {
      assertThat(FreePorts.bindable(taken.getLocalPort())).isFalse();
    }
    assertThat(FreePorts.bindable(FreePorts.next())).isTrue();
  }
}
