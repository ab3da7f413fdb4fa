package io.cardgen.common.photo;

import static org.assertj.core.api.Assertions.assertThat;

import io.cardgen.common.wire.PhotoRef;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/** The keys the worker stores a job's photos under, and the ones the gateway removes. */
class JobPhotoKeysTest {

  private static final UUID JOB = UUID.fromString("0b6f7c2e-7a3d-4c1e-9a55-1d2f3e4a5b6c");

  @Test
  void aFetchedOriginalIsKeptUnderANameDerivedFromTheJobAndItsPlace() {
    // The derivation of photos stored by earlier versions: changing it would orphan them.
    String expectedFile =
        UUID.nameUUIDFromBytes((JOB + "/2").getBytes(StandardCharsets.UTF_8))
            .toString()
            .replace("-", "");
    assertThat(JobPhotoKeys.fetched(JOB, 2, ImageFormat.PNG).value())
        .isEqualTo("products/" + JOB + "/" + expectedFile + ".png");
  }

  @Test
  void theKeysOfAJobAreItsInlinePhotosAndEveryFormatOfEachLinkInItsOwnFolderOnly() {
    String inline = "products/" + JOB + "/00000000000000000000000000000001.jpg";
    List<PhotoRef> photos =
        List.of(
            PhotoRef.stored(inline),
            PhotoRef.link("https://photos.example/a.jpg"),
            PhotoRef.stored("products/another-job/00000000000000000000000000000002.jpg"),
            PhotoRef.stored("../../etc/passwd"));

    assertThat(JobPhotoKeys.of(JOB, photos))
        .containsExactly(
            inline,
            JobPhotoKeys.fetched(JOB, 1, ImageFormat.JPEG).value(),
            JobPhotoKeys.fetched(JOB, 1, ImageFormat.PNG).value(),
            JobPhotoKeys.fetched(JOB, 1, ImageFormat.WEBP).value(),
            JobPhotoKeys.fetched(JOB, 1, ImageFormat.GIF).value());
  }
}
