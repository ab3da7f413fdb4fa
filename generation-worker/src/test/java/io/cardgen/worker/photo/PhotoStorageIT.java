package io.cardgen.worker.photo;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalStateException;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.cardgen.common.photo.ImageFormat;
import io.cardgen.common.photo.PhotoKey;
import io.cardgen.storage.S3Bucket;
import io.cardgen.storage.S3Clients;
import io.cardgen.storage.S3Failure;
import io.cardgen.storage.S3Properties;
import io.cardgen.testsupport.TestImages;
import io.cardgen.testsupport.TestS3;
import java.util.UUID;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.core.sync.RequestBody;
import software.amazon.awssdk.services.s3.S3Client;
import software.amazon.awssdk.services.s3.model.HeadObjectResponse;

class PhotoStorageIT {

  private static final UUID ID = UUID.fromString("6f1c2d3e-4a5b-4c6d-8e9f-0a1b2c3d4e5f");
  private static TestS3 s3;
  private static S3Client client;
  private static PhotoStorage storage;
  private static S3Properties properties;

  @BeforeAll
  static void start() throws Exception {
    s3 = TestS3.start();
    properties = s3.properties("cardgen");
    client = S3Clients.create(properties);
    storage = new PhotoStorage(S3Bucket.open(properties, "cardgen"), 4096, () -> ID);
    storage.createBucketIfMissing();
  }

  @AfterAll
  static void stop() throws Exception {
    storage.close();
    client.close();
    s3.close();
  }

  @Test
  void storesAPhotoUnderProductsWithItsRealTypeAndReadsItBack() {
    byte[] png = TestImages.png(20, 20);

    String key = storage.put("acc-7", png, ImageFormat.PNG);

    assertThat(key).isEqualTo("products/acc-7/6f1c2d3e4a5b4c6d8e9f0a1b2c3d4e5f.png");
    assertThat(storage.get(key)).isEqualTo(png);
    assertThat(storage.exists(key)).isTrue();
    HeadObjectResponse head = client.headObject(object -> object.bucket("cardgen").key(key));
    assertThat(head.contentType()).isEqualTo("image/png");
    assertThat(head.contentLength()).isEqualTo(png.length);
  }

  @Test
  void namesEachPhotoAfterAFreshId() {
    PhotoStorage randomNames =
        new PhotoStorage(S3Bucket.open(properties, "cardgen"), 4096, UUID::randomUUID);
    byte[] jpeg = TestImages.jpeg(8, 8);

    String first = randomNames.put("acc-7", jpeg, ImageFormat.JPEG);
    String second = randomNames.put("acc-7", jpeg, ImageFormat.JPEG);

    assertThat(first).matches("products/acc-7/[0-9a-f]{32}\\.jpg").isNotEqualTo(second);
  }

  @Test
  void overwritesAPhotoStoredAgainUnderTheSameKey() {
    PhotoKey key =
        PhotoKey.of("job-9", UUID.nameUUIDFromBytes("job-9/0".getBytes()), ImageFormat.PNG);
    byte[] second = TestImages.png(30, 30);

    storage.put(key, TestImages.png(10, 10));
    storage.put(key, second);

    assertThat(storage.get(key.value())).isEqualTo(second);
  }

  @Test
  void knowsWhatItDoesNotHave() {
    assertThat(storage.exists("products/acc-7/missing.png")).isFalse();
    assertThatThrownBy(() -> storage.get("products/acc-7/missing.png"))
        .isInstanceOf(S3Failure.NoSuchObject.class);
  }

  @Test
  void refusesToReadAnObjectOverItsLimit() {
    client.putObject(
        object -> object.bucket("cardgen").key("products/acc-7/big.png"),
        RequestBody.fromBytes(new byte[4097]));

    assertThatIllegalStateException().isThrownBy(() -> storage.get("products/acc-7/big.png"));
  }

  @Test
  void createsItsBucketOnlyWhenMissing() {
    PhotoStorage other =
        new PhotoStorage(S3Bucket.open(properties, "cardgen-other"), 4096, UUID::randomUUID);

    other.createBucketIfMissing();
    other.createBucketIfMissing();
    storage.createBucketIfMissing();

    assertThat(client.listBuckets().buckets())
        .extracting(bucket -> bucket.name())
        .contains("cardgen", "cardgen-other");
  }
}
