package io.cardgen.common.photo;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

import java.util.UUID;
import org.junit.jupiter.api.Test;

class PhotoKeyTest {

  private static final UUID ID = UUID.fromString("0f8fad5b-d9cb-469f-a165-70867728950e");

  @Test
  void namesTheObjectAfterTheDirectoryAnIdAndTheRealFormat() {
    PhotoKey key = PhotoKey.of("acc-42", ID, ImageFormat.WEBP);

    assertThat(key.value()).isEqualTo("products/acc-42/0f8fad5bd9cb469fa16570867728950e.webp");
  }

  @Test
  void parsesWhatItWrites() {
    PhotoKey key = PhotoKey.of("2025-11-21", ID, ImageFormat.JPEG);

    assertThat(PhotoKey.parse(key.value())).contains(key);
  }

  @Test
  void parsesNothingOfAnotherShape() {
    assertThat(PhotoKey.parse("products/a/b.tiff")).isEmpty();
    assertThat(PhotoKey.parse("products/../b.jpg")).isEmpty();
    assertThat(PhotoKey.parse("other/a/b.jpg")).isEmpty();
    assertThat(PhotoKey.parse("products/a/b/c.jpg")).isEmpty();
  }

  @Test
  void keepsKeysInsideProducts() {
    assertThatIllegalArgumentException().isThrownBy(() -> PhotoKey.of("..", ID, ImageFormat.PNG));
    assertThatIllegalArgumentException().isThrownBy(() -> PhotoKey.of("a/b", ID, ImageFormat.PNG));
    assertThatIllegalArgumentException().isThrownBy(() -> PhotoKey.of("", ID, ImageFormat.PNG));
  }
}
