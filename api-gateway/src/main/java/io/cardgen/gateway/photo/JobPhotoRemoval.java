package io.cardgen.gateway.photo;

import io.cardgen.common.photo.JobPhotoKeys;
import io.cardgen.common.wire.PhotoRef;
import io.cardgen.common.wire.WireJson;
import io.cardgen.storage.S3Bucket;
import io.cardgen.storage.S3Failure;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicBoolean;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.jdbc.core.simple.JdbcClient;

/**
 * Removes the stored photos of jobs that go: a card deleted through the admin API, a key past its
 * retention, an item of a batch past its own. Without it the photos stayed in the bucket for good
 * unless a lifecycle rule expired them, which the standalone's S3 has none of, and a deleted card's
 * photos stayed reachable for as long as the rule's days.
 *
 * <p>Every key a job's photos may have is deleted ({@link JobPhotoKeys}); deleting a key that is
 * not there is no error, so a removal can be repeated. A store that refuses deletes (403: a bucket
 * policy without {@code s3:DeleteObject}) is said once in the log and then left to its lifecycle
 * rule; it never holds up the removal of the rows. Any other failure propagates, so the caller's
 * transaction is rolled back and its next run tries again.
 */
public class JobPhotoRemoval {

  private static final Logger log = LoggerFactory.getLogger(JobPhotoRemoval.class);
  private static final String PHOTOS =
      "SELECT id, spec -> 'photos' AS photos FROM jobs WHERE id = ANY(:ids)";
  private static final int FORBIDDEN = 403;

  private final JdbcClient jdbc;
  private final S3Bucket bucket;
  private final boolean enabled;
  private final AtomicBoolean refusalLogged = new AtomicBoolean();
  private final Counter removed;

  /**
   * @param enabled false to leave the photos to the bucket's lifecycle rule ({@code
   *     cardgen.photos.remove-with-jobs})
   */
  public JobPhotoRemoval(JdbcClient jdbc, S3Bucket bucket, boolean enabled, MeterRegistry meters) {
    this.jdbc = jdbc;
    this.bucket = bucket;
    this.enabled = enabled;
    this.removed =
        Counter.builder("cardgen.photos.removed")
            .description("Photo keys deleted from the bucket with the jobs they belonged to")
            .register(meters);
  }

  /** Deletes the stored photos of {@code jobs}; call it before their rows are deleted. */
  public void removeFor(UUID[] jobs) {
    if (!enabled || jobs.length == 0) {
      return;
    }
    List<JobPhotos> photos =
        jdbc.sql(PHOTOS)
            .param("ids", jobs)
            .query(
                (row, number) ->
                    new JobPhotos(row.getObject("id", UUID.class), refsOf(row.getString("photos"))))
            .list();
    try {
      for (JobPhotos job : photos) {
        for (String key : JobPhotoKeys.of(job.id(), job.refs())) {
          bucket.delete(key);
          removed.increment();
        }
      }
    } catch (S3Failure refused) {
      if (refused.statusCode() != FORBIDDEN) {
        throw refused;
      }
      if (!refusalLogged.getAndSet(true)) {
        log.warn(
            "The photo store refuses deletes ({}): photos of removed jobs stay until the bucket's"
                + " lifecycle rule expires them (docs/operations.md, \"Photos\")",
            refused.getMessage());
      }
    }
  }

  private record JobPhotos(UUID id, List<PhotoRef> refs) {}

  private static List<PhotoRef> refsOf(String json) {
    return json == null ? List.of() : List.of(WireJson.read(json, PhotoRef[].class));
  }
}
