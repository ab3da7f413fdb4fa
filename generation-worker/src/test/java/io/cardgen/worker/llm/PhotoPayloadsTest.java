package io.cardgen.worker.llm;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;

class PhotoPayloadsTest {

  private final PhotoPayloads payloads = new PhotoPayloads();

  @Test
  void putsEachRegisteredPhotoIntoTheBodyAsADataUrl() {
    try (PhotoPayloads.Lease lease =
        payloads.lease(
            List.of(
                new PhotoInput(new byte[] {1, 2, 3}, "image/jpeg"),
                new PhotoInput(new byte[] {(byte) 0xFF, 0, 0x7F, 4}, "image/png")))) {
      String body =
          "{\"text\":\"Кружка\",\"a\":\"%s\",\"b\":\"%s\"}"
              .formatted(lease.images().get(0).url(), lease.images().get(1).url());

      assertThat(new String(payloads.resolve(body), StandardCharsets.UTF_8))
          .isEqualTo(
              "{\"text\":\"Кружка\",\"a\":\"data:image/jpeg;base64,AQID\","
                  + "\"b\":\"data:image/png;base64,/wB/BA==\"}");
    }
  }

  @Test
  void leavesPlaceholdersItDidNotRegisterAsWritten() {
    String quoted = PhotoPayloads.SCHEME + UUID.randomUUID();
    try (PhotoPayloads.Lease lease =
        payloads.lease(List.of(new PhotoInput(new byte[] {1, 2, 3}, "image/jpeg")))) {
      String body =
          "{\"text\":\"%s %s\",\"url\":\"%s\"}"
              .formatted(quoted, PhotoPayloads.SCHEME, lease.images().get(0).url());

      assertThat(new String(payloads.resolve(body), StandardCharsets.UTF_8))
          .isEqualTo(
              "{\"text\":\"%s %s\",\"url\":\"data:image/jpeg;base64,AQID\"}"
                  .formatted(quoted, PhotoPayloads.SCHEME));
    }
  }

  @Test
  void forgetsACardsPhotosWhenItsLeaseCloses() {
    PhotoPayloads.Lease lease =
        payloads.lease(List.of(new PhotoInput(new byte[] {1, 2, 3}, "image/jpeg")));
    String body = "{\"url\":\"" + lease.images().get(0).url() + "\"}";
    assertThat(payloads.registered()).isEqualTo(1);

    lease.close();

    assertThat(payloads.registered()).isZero();
    assertThat(new String(payloads.resolve(body), StandardCharsets.UTF_8)).isEqualTo(body);
  }
}
