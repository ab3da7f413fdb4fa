package io.cardgen.gateway.job;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

import io.cardgen.common.photo.ImageFormat;
import io.cardgen.common.wire.PhotoRef;
import io.cardgen.gateway.photo.PhotoIntake.IncomingPhoto;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.springframework.util.unit.DataSize;

class CarriedPhotosTest {

  private static final String LINK = "https://shop.example/mug.jpg";

  @Test
  void carriesEveryInlinePhotoByItsKeyWhenTogetherTheyFitAndNeverALink() {
    CarriedPhotos carried = limitedTo(DataSize.ofBytes(10));
    byte[] first = new byte[4];
    byte[] second = new byte[6];

    var photos =
        carried.of(
            List.of(inline(first), link(), inline(second)),
            List.of(
                PhotoRef.stored("products/j/1.png"),
                PhotoRef.link(LINK),
                PhotoRef.stored("products/j/2.png")));

    assertThat(photos).containsOnlyKeys("products/j/1.png", "products/j/2.png");
    assertThat(photos.get("products/j/1.png")).isSameAs(first);
    assertThat(photos.get("products/j/2.png")).isSameAs(second);
  }

  @Test
  void carriesNoneWhenTogetherTheyAreOverTheLimitSoTheWorkerReadsThemAllFromTheBucket() {
    CarriedPhotos carried = limitedTo(DataSize.ofBytes(10));

    var photos =
        carried.of(
            List.of(inline(new byte[6]), inline(new byte[5])),
            List.of(PhotoRef.stored("products/j/1.png"), PhotoRef.stored("products/j/2.png")));

    assertThat(photos).isEmpty();
  }

  @Test
  void carriesNothingWhenTurnedOff() {
    var photos =
        limitedTo(DataSize.ofBytes(0))
            .of(List.of(inline(new byte[1])), List.of(PhotoRef.stored("products/j/1.png")));

    assertThat(photos).isEmpty();
  }

  @Test
  void refusesALimitKafkaWouldNotTakeByDefault() {
    assertThatIllegalArgumentException()
        .isThrownBy(() -> new CarriedPhotosProperties(DataSize.ofKilobytes(513)))
        .withMessageContaining("cardgen.jobs.carried-photo-bytes");
    assertThatIllegalArgumentException()
        .isThrownBy(() -> new CarriedPhotosProperties(DataSize.ofBytes(-1)));
  }

  private static CarriedPhotos limitedTo(DataSize limit) {
    return new CarriedPhotos(new CarriedPhotosProperties(limit));
  }

  private static IncomingPhoto inline(byte[] bytes) {
    return new IncomingPhoto("sha256:x", bytes, ImageFormat.PNG, null);
  }

  private static IncomingPhoto link() {
    return new IncomingPhoto(LINK, null, null, LINK);
  }
}
