package io.cardgen.common.wire;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class JobOriginTest {

  @Test
  void anOriginReadsBackAsWritten() {
    long origin = 1_795_636_338_854_521L;
    assertThat(JobOrigin.decode(JobOrigin.encode(origin))).hasValue(origin);
  }

  @Test
  void aMissingOrMisshapenHeaderHasNoOrigin() {
    assertThat(JobOrigin.decode(null)).isEmpty();
    assertThat(JobOrigin.decode(new byte[7])).isEmpty();
    assertThat(JobOrigin.decode(new byte[9])).isEmpty();
  }
}
