package io.cardgen.common.wire;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class JobPhotoCountTest {

  @Test
  void aCountReadsBackAsWritten() {
    assertThat(JobPhotoCount.decode(JobPhotoCount.encode(0))).hasValue(0);
    assertThat(JobPhotoCount.decode(JobPhotoCount.encode(7))).hasValue(7);
  }

  @Test
  void aMissingMisshapenOrNegativeHeaderHasNoCount() {
    assertThat(JobPhotoCount.decode(null)).isEmpty();
    assertThat(JobPhotoCount.decode(new byte[3])).isEmpty();
    assertThat(JobPhotoCount.decode(new byte[5])).isEmpty();
    assertThat(JobPhotoCount.decode(JobPhotoCount.encode(-1))).isEmpty();
  }

  @Test
  void aCountNoPlanAllowsIsNoCount() {
    assertThat(JobPhotoCount.decode(JobPhotoCount.encode(JobPhotoCount.MAX)))
        .hasValue(JobPhotoCount.MAX);
    assertThat(JobPhotoCount.decode(JobPhotoCount.encode(JobPhotoCount.MAX + 1))).isEmpty();
    assertThat(JobPhotoCount.decode(JobPhotoCount.encode(Integer.MAX_VALUE))).isEmpty();
  }
}
