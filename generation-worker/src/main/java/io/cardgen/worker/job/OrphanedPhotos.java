package io.cardgen.worker.job;

import io.cardgen.common.photo.PhotoKey;
import io.cardgen.common.photo.PhotoRemovalQueue;
import java.util.List;
import java.util.UUID;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Component;

/**
 * The photos an attempt stored for a job it could not finish, when nothing else will remove them
 * (ADR 0057, amendment of 2026-11-29). An attempt past its lease fetches and stores a photo link's
 * original before its model call; if another attempt finished the job meanwhile and an operator
 * then deleted the card, its photos were removed before this copy was stored again, and it would
 * stay reachable until the key's retention. Its keys go into the gateway's removal queue when the
 * job is gone or its card deleted. A job whose card lives keeps them: the card names the same keys.
 */
@Component
class OrphanedPhotos {

  private static final String QUEUE_IF_UNWANTED =
      """
      INSERT INTO photo_removals (key)
      SELECT unnest(CAST(:keys AS text[]))
       WHERE NOT EXISTS (SELECT 1 FROM jobs WHERE id = :job)
          OR EXISTS (SELECT 1 FROM cards WHERE job_id = :job AND deleted_at IS NOT NULL)"""
          + PhotoRemovalQueue.ON_REQUEUE;

  private final JdbcClient jdbc;
  private final boolean enabled;

  /**
   * @param enabled false when the deployment leaves photos to the bucket's lifecycle rule ({@code
   *     cardgen.photos.remove-with-jobs}, the gateway's setting, read here alike)
   */
  OrphanedPhotos(
      JdbcClient jdbc, @Value("${cardgen.photos.remove-with-jobs:true}") boolean enabled) {
    this.jdbc = jdbc;
    this.enabled = enabled;
  }

  /**
   * Call after the attempt's end was refused; the store of {@code keys} has happened by then, so a
   * deletion after this check queues them itself. Returns how many keys were queued.
   */
  int queueIfUnwanted(UUID job, List<String> keys) {
    // Only keys in the job's own folder, whatever a spec says (as the gateway's removal keeps it).
    String[] own =
        keys.stream()
            .filter(
                key ->
                    PhotoKey.parse(key)
                        .filter(parsed -> parsed.dir().equals(job.toString()))
                        .isPresent())
            .toArray(String[]::new);
    if (!enabled || own.length == 0) {
      return 0;
    }
    return jdbc.sql(QUEUE_IF_UNWANTED).param("keys", own).param("job", job).update();
  }
}
