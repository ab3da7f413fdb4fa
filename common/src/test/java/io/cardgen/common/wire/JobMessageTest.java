package io.cardgen.common.wire;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;

class JobMessageTest {

  private static final UUID JOB = UUID.fromString("6f1c2d3e-4a5b-4c6d-8e7f-8091a2b3c4d5");

  @Test
  void aMessageWithoutPhotosIsTheBareJobIdAsBefore() {
    assertThat(WireJson.write(new JobMessage(JOB))).isEqualTo("{\"job_id\":\"" + JOB + "\"}");
  }

  @Test
  void readsTheMessageOfASenderThatCarriesNoPhotos() {
    JobMessage message = WireJson.read("{\"job_id\":\"" + JOB + "\"}", JobMessage.class);

    assertThat(message.jobId()).isEqualTo(JOB);
    assertThat(message.photos()).isEmpty();
  }

  @Test
  void carriedPhotosTravelAsBase64AndComeBackByteForByte() {
    byte[] png = {(byte) 0x89, 'P', 'N', 'G', 0, -1, 127};
    String json = WireJson.write(new JobMessage(JOB, Map.of("products/a/b.png", png)));

    assertThat(json).contains("\"products/a/b.png\":\"iVBORwD/fw==\"");
    JobMessage read = WireJson.read(json, JobMessage.class);
    assertThat(read.photos()).containsOnlyKeys("products/a/b.png");
    assertThat(read.photos().get("products/a/b.png")).isEqualTo(png);
  }
}
