package io.cardgen.gateway.photo;

import static org.assertj.core.api.Assertions.assertThat;

import io.cardgen.common.photo.ImageFormat;
import io.cardgen.common.photo.JobPhotoKeys;
import io.cardgen.gateway.testing.Books;
import io.cardgen.gateway.testing.BooksDatabase;
import io.cardgen.storage.S3Bucket;
import io.cardgen.testsupport.SettableClock;
import io.cardgen.testsupport.TestS3;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.time.Instant;
import java.util.UUID;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * A removed job's photos leave the bucket: the inline ones its spec names and the originals the
 * worker fetched for its links, whatever their format; never a key outside the job's own folder.
 */
class JobPhotoRemovalIT {

  @RegisterExtension static final BooksDatabase database = new BooksDatabase();
  private static TestS3 s3;
  private static S3Bucket bucket;

  private final Instant now = new SettableClock().instant();
  private Books books;
  private UUID account;

  @BeforeAll
  static void start() throws Exception {
    s3 = TestS3.start();
    bucket = S3Bucket.open(s3.properties("cardgen"), "cardgen");
    bucket.createIfMissing();
  }

  @AfterAll
  static void stop() throws Exception {
    bucket.close();
    s3.close();
  }

  @BeforeEach
  void accounts() {
    books = new Books(database.jdbc());
    account = books.anAccountWithCredits(10);
  }

  private JobPhotoRemoval removal(boolean enabled) {
    return new JobPhotoRemoval(database.jdbc(), bucket, enabled, new SimpleMeterRegistry());
  }

  @Test
  void removesTheInlineAndTheFetchedPhotosOfTheJobsButNoOtherFolder() {
    UUID job = books.aSucceededJob(account, "card-1", now);
    UUID other = books.aSucceededJob(account, "card-2", now);
    String inline = "products/" + job + "/00000000000000000000000000000001.jpg";
    String fetched = JobPhotoKeys.fetched(job, 1, ImageFormat.WEBP).value();
    String othersPhoto = "products/" + other + "/00000000000000000000000000000002.png";
    store(inline, fetched, othersPhoto);
    // A spec naming another job's photo (none does) must not reach it.
    books.withPhotos(
        job,
        "[{\"source\":\"STORED\",\"location\":\""
            + inline
            + "\"},{\"source\":\"LINK\",\"location\":\"https://photos.example/a.webp\"},"
            + "{\"source\":\"STORED\",\"location\":\""
            + othersPhoto
            + "\"}]");

    removal(true).removeFor(new UUID[] {job});

    assertThat(bucket.exists(inline)).isFalse();
    assertThat(bucket.exists(fetched)).isFalse();
    assertThat(bucket.exists(othersPhoto)).isTrue();
  }

  @Test
  void aJobWithoutPhotosOrAlreadyRemovedIsNoError() {
    UUID job = books.aFailedJob(account, "failed-1", now);
    books.withPhotos(
        job, "[{\"source\":\"LINK\",\"location\":\"https://photos.example/gone.jpg\"}]");
    UUID bare = books.aFailedJob(account, "failed-2", now);

    removal(true).removeFor(new UUID[] {job, bare});
    removal(true).removeFor(new UUID[] {job, bare});
  }

  @Test
  void turnedOffItLeavesThePhotosToTheLifecycleRule() {
    UUID job = books.aSucceededJob(account, "card-3", now);
    String inline = "products/" + job + "/00000000000000000000000000000003.png";
    store(inline);
    books.withPhotos(job, "[{\"source\":\"STORED\",\"location\":\"" + inline + "\"}]");

    removal(false).removeFor(new UUID[] {job});

    assertThat(bucket.exists(inline)).isTrue();
  }

  private static void store(String... keys) {
    for (String key : keys) {
      bucket.put(key, new byte[] {1, 2, 3}, "image/jpeg");
      assertThat(bucket.exists(key)).isTrue();
    }
  }
}
