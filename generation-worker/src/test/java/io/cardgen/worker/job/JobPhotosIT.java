package io.cardgen.worker.job;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.cardgen.common.photo.ImageFormat;
import io.cardgen.common.wire.PhotoRef;
import io.cardgen.storage.S3Clients;
import io.cardgen.storage.S3Failure;
import io.cardgen.testsupport.TestImages;
import io.cardgen.testsupport.TestS3;
import io.cardgen.worker.photo.PhotoConfiguration;
import io.cardgen.worker.photo.PhotoStorage;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.function.Consumer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.context.assertj.AssertableApplicationContext;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import software.amazon.awssdk.services.s3.S3Client;

/**
 * A job's stored photos come from the copies its message carried when there are any (ADR 0024), and
 * from the bucket otherwise; against a real S3 endpoint. Each test deletes the object before
 * loading, so a load that reads the bucket cannot succeed.
 */
class JobPhotosIT {

  private static final byte[] PNG = TestImages.png(24, 16);

  private static TestS3 s3;
  private static S3Client client;

  private final ApplicationContextRunner context =
      new ApplicationContextRunner()
          .withUserConfiguration(PhotoConfiguration.class)
          .withBean(JobPhotos.class)
          .withBean(PhotoMemoryBudget.class, () -> new PhotoMemoryBudget(1L << 30, 10L << 20))
          .withPropertyValues(
              "cardgen.s3.endpoint=" + s3.endpoint(),
              "cardgen.s3.access-key=" + TestS3.ACCESS_KEY,
              "cardgen.s3.secret-key=" + TestS3.SECRET_KEY,
              "cardgen.s3.bucket=carried");

  @BeforeAll
  static void start() throws Exception {
    s3 = TestS3.start();
    client = S3Clients.create(s3.properties("carried"));
  }

  @AfterAll
  static void stop() throws Exception {
    client.close();
    s3.close();
  }

  @Test
  void takesAStoredPhotoFromTheCopyItsMessageCarriedWithoutReadingTheBucket() {
    run(
        photos -> {
          String key = storedThenDeleted(photos);
          ClaimedJob job = jobWith(key).carrying(Map.of(key, PNG));

          JobPhotos.Ready ready = (JobPhotos.Ready) photos.getBean(JobPhotos.class).load(job);

          assertThat(ready.keys()).containsExactly(key);
          assertThat(ready.inputs())
              .singleElement()
              .satisfies(i -> assertThat(i.bytes()).isEqualTo(PNG));
        });
  }

  @Test
  void readsAStoredPhotoFromTheBucketWhenTheMessageCarriedNoCopy() {
    run(
        photos -> {
          String present = photos.getBean(PhotoStorage.class).put("job-a", PNG, ImageFormat.PNG);
          JobPhotos.Ready ready =
              (JobPhotos.Ready) photos.getBean(JobPhotos.class).load(jobWith(present));
          assertThat(ready.inputs())
              .singleElement()
              .satisfies(i -> assertThat(i.bytes()).isEqualTo(PNG));

          String deleted = storedThenDeleted(photos);
          assertThatThrownBy(() -> photos.getBean(JobPhotos.class).load(jobWith(deleted)))
              .isInstanceOf(S3Failure.class);
        });
  }

  @Test
  void letsGoOfEveryCarriedCopyOnceThePhotosAreLoaded() {
    run(
        photos -> {
          String key = storedThenDeleted(photos);
          ClaimedJob job =
              jobWith(key).carrying(Map.of(key, PNG, "products/other/unasked.png", PNG));

          photos.getBean(JobPhotos.class).load(job);

          assertThat(job.carriedPhotos().size()).isZero();
        });
  }

  private void run(Consumer<AssertableApplicationContext> test) {
    context.run(
        started -> {
          assertThat(started).hasNotFailed();
          test.accept(started);
        });
  }

  private static String storedThenDeleted(AssertableApplicationContext photos) {
    String key =
        photos.getBean(PhotoStorage.class).put("job-" + UUID.randomUUID(), PNG, ImageFormat.PNG);
    client.deleteObject(object -> object.bucket("carried").key(key));
    return key;
  }

  private static ClaimedJob jobWith(String storedKey) {
    return new ClaimedJob(
        UUID.randomUUID(),
        UUID.randomUUID(),
        "worker-1",
        1,
        JobFixtures.aSpec().withPhotos(List.of(PhotoRef.stored(storedKey))),
        null,
        CarriedCopies.none());
  }
}
