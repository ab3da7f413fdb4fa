package io.cardgen.gateway.photo;

import io.cardgen.common.photo.JobPhotoKeys;
import io.cardgen.common.photo.PhotoRemovalQueue;
import io.cardgen.common.wire.PhotoRef;
import io.cardgen.common.wire.WireJson;
import io.cardgen.storage.S3Bucket;
import io.cardgen.storage.S3Failure;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.jdbc.core.simple.JdbcClient;

/**
 * Removes the stored photos of jobs that go: a card deleted through the admin API, a key past its
 * retention, an item of a batch past its own. Without it the photos stayed in the bucket for good
 * unless a lifecycle rule expired them, which the standalone's S3 has none of, and a deleted card's
 * photos stayed reachable for as long as the rule's days.
 *
 * <p>In two steps (ADR 0057, amended). {@link #queueFor} writes every key a job's photos may have
 * ({@link JobPhotoKeys}) to {@code photo_removals}, in the transaction that removes the rows;
 * {@link #removeDue} deletes them from the bucket after it commits, on {@link
 * PhotoRemovalSchedule}'s thread (an admin delete asks it to run at once rather than waiting on the
 * store itself: a review counted up to 200 keys of a job, each up to three tries of 30 s). So no
 * row transaction waits on the store (a review counted 100 000 deletes in one retention transaction
 * that held 500 rows locked), a rollback never leaves a kept card without its photos, and a key the
 * store failed to delete is tried again later rather than forgotten with its rows.
 *
 * <p>Deleting a key that is not there is no error, so a removal can be repeated. A key the store
 * refuses to delete (403: a bucket policy without {@code s3:DeleteObject}, an object under a legal
 * hold) is left to the bucket's lifecycle rule, counted, and said once in the log; every other key
 * is still tried.
 */
public class JobPhotoRemoval {

  private static final Logger log = LoggerFactory.getLogger(JobPhotoRemoval.class);
  private static final String PHOTOS =
      "SELECT id, spec -> 'photos' AS photos FROM jobs WHERE id = ANY(:ids)";

  /** A key queued again is due at once ({@link PhotoRemovalQueue#ON_REQUEUE}). */
  static final String QUEUE =
      "INSERT INTO photo_removals (key) SELECT unnest(CAST(:keys AS text[]))"
          + PhotoRemovalQueue.ON_REQUEUE;

  /**
   * Takes due keys for this run and puts them off at once, doubling from a minute to a day with
   * each attempt: another gateway skips them meanwhile, and a key whose delete fails here waits
   * that long, without a transaction held across the store's calls.
   */
  private static final String TAKE_DUE =
      """
      UPDATE photo_removals
         SET attempts = attempts + 1,
             due_at = now() + make_interval(secs => LEAST(60 * power(2, LEAST(attempts, 11)), 86400))
       WHERE key IN (SELECT key FROM photo_removals WHERE due_at <= now()
                      ORDER BY due_at LIMIT :limit FOR UPDATE SKIP LOCKED)
      RETURNING key""";

  /**
   * Keys tried {@value #MAX_ATTEMPTS} times (a month of daily tries) are given up, counted and left
   * to the bucket's lifecycle rule: a key the store never takes would otherwise stay first in the
   * queue for good.
   */
  private static final String ABANDON =
      """
      DELETE FROM photo_removals
       WHERE key IN (SELECT key FROM photo_removals WHERE attempts >= :max
                      LIMIT :limit FOR UPDATE SKIP LOCKED)
      RETURNING key""";

  static final int MAX_ATTEMPTS = 30;

  private static final String BACKLOG =
      "SELECT count(*) AS keys, extract(epoch FROM now() - min(queued_at)) AS oldest"
          + " FROM photo_removals";

  /**
   * Only rows still put off as this run took them ({@link #TAKE_DUE} sets {@code due_at} a minute
   * or more ahead): one queued again meanwhile is due now and stays for the next run. A run slower
   * than its put-off leaves its rows too; the next deletes absent keys, which S3 answers alike.
   */
  static final String DONE = "DELETE FROM photo_removals WHERE key = ANY(:keys) AND due_at > now()";

  /** Keys taken but not tried: as they were, due at once. */
  private static final String GIVE_BACK =
      "UPDATE photo_removals SET attempts = GREATEST(attempts - 1, 0), due_at = now()"
          + " WHERE key = ANY(:keys)";

  private static final int FORBIDDEN = 403;
  // A store that says it is busy is in trouble, not refusing one key: the run stops.
  private static final int REQUEST_TIMEOUT = 408;
  private static final int TOO_MANY_REQUESTS = 429;

  private final JdbcClient jdbc;
  private final S3Bucket bucket;
  private final boolean enabled;
  private final AtomicBoolean refusalLogged = new AtomicBoolean();
  private final Counter removed;
  private final Counter refused;
  private final Counter failed;
  private final Counter abandoned;
  private final AtomicLong backlog = new AtomicLong();
  private final AtomicLong oldestSeconds = new AtomicLong();

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
            .description(
                "Photo keys deleted from the bucket with the jobs they belonged to (or the batch"
                    + " refused before it had jobs), or found"
                    + " absent (S3 answers a delete alike either way)")
            .register(meters);
    this.refused =
        Counter.builder("cardgen.photos.removal.refused")
            .description(
                "Photo keys the bucket refused to delete (403), left to its lifecycle rule")
            .register(meters);
    this.failed =
        Counter.builder("cardgen.photos.removal.failures")
            .description("Photo deletes that failed and wait for a later attempt")
            .register(meters);
    this.abandoned =
        Counter.builder("cardgen.photos.removal.abandoned")
            .description(
                "Photo keys given up after %d failed deletes, left to the lifecycle rule"
                    .formatted(MAX_ATTEMPTS))
            .register(meters);
    Gauge.builder("cardgen.photos.removal.queued", backlog, AtomicLong::get)
        .description("Photo keys waiting to be deleted, as the last run of this replica saw them")
        .register(meters);
    Gauge.builder("cardgen.photos.removal.oldest", oldestSeconds, AtomicLong::get)
        .description("Age of the oldest queued photo key at the last run of this replica")
        .baseUnit("seconds")
        .register(meters);
  }

  /**
   * Queues the stored photos of {@code jobs} for removal, in the caller's transaction; call it
   * before their rows are deleted. Returns the keys queued.
   */
  public List<String> queueFor(UUID[] jobs) {
    if (!enabled || jobs.length == 0) {
      return List.of();
    }
    List<String> keys = new ArrayList<>();
    jdbc.sql(PHOTOS)
        .param("ids", jobs)
        .query(
            (row, number) ->
                JobPhotoKeys.of(row.getObject("id", UUID.class), refsOf(row.getString("photos"))))
        .list()
        .forEach(keys::addAll);
    if (!keys.isEmpty()) {
      jdbc.sql(QUEUE).param("keys", keys.toArray(String[]::new)).update();
    }
    return keys;
  }

  /**
   * Queues {@code keys} for removal as they are, whatever {@code remove-with-jobs} says: they are
   * photos of a request that was never accepted, which were always deleted.
   */
  public void queue(List<String> keys) {
    if (!keys.isEmpty()) {
      jdbc.sql(QUEUE).param("keys", keys.toArray(String[]::new)).update();
    }
  }

  /**
   * Deletes up to {@code limit} queued keys that are due; returns how many were due, so that a
   * caller goes on while there may be more, or -1 when the store failed and the caller should stop
   * for now.
   */
  public int removeDue(int limit) {
    List<String> given =
        jdbc.sql(ABANDON)
            .param("max", MAX_ATTEMPTS)
            .param("limit", limit)
            .query(String.class)
            .list();
    if (!given.isEmpty()) {
      abandoned.increment(given.size());
      log.warn(
          "Gave up deleting {} photos after {} attempts each, e.g. {}; the bucket's lifecycle rule"
              + " is left to expire them",
          given.size(),
          MAX_ATTEMPTS,
          given.get(0));
    }
    List<String> due = jdbc.sql(TAKE_DUE).param("limit", limit).query(String.class).list();
    return remove(due) ? due.size() : -1;
  }

  /** Reads the queue's size and age for the gauges; after each run. */
  public void measureBacklog() {
    jdbc.sql(BACKLOG)
        .query(
            (row, number) -> {
              backlog.set(row.getLong("keys"));
              oldestSeconds.set((long) row.getDouble("oldest"));
              return null;
            })
        .list();
  }

  /**
   * Each key on its own: one the store refuses (403) or cannot take (another 4xx) does not stop the
   * others. The store in trouble (5xx, 408, 429, no answer, a timeout) stops the call at once, and
   * the keys not tried yet are due again: a key costs up to three attempts of 30 s, and a review
   * measured a run over 250 queued keys holding its thread for 39 s with the store away, and hours
   * with a store that never answers. Returns whether the store seemed well.
   */
  private boolean remove(List<String> keys) {
    List<String> done = new ArrayList<>(keys.size());
    List<String> failedKeys = new ArrayList<>();
    RuntimeException trouble = null;
    for (String key : keys) {
      try {
        bucket.delete(key);
        removed.increment();
        done.add(key);
      } catch (S3Failure failure) {
        int status = failure.statusCode();
        if (status == FORBIDDEN) {
          refused.increment();
          done.add(key);
          logRefusalOnce(key, failure);
        } else if (status >= 400
            && status < 500
            && status != REQUEST_TIMEOUT
            && status != TOO_MANY_REQUESTS) {
          failedKeys.add(key);
          log.warn(
              "Could not delete the photo {}; it is tried again later: {}",
              key,
              failure.getMessage());
        } else {
          failedKeys.add(key);
          trouble = failure;
          break;
        }
      } catch (RuntimeException failure) {
        failedKeys.add(key);
        trouble = failure;
        break;
      }
    }
    if (!done.isEmpty()) {
      jdbc.sql(DONE).param("keys", done.toArray(String[]::new)).update();
    }
    failed.increment(failedKeys.size());
    if (trouble != null) {
      List<String> untried = keys.subList(done.size() + failedKeys.size(), keys.size());
      if (!untried.isEmpty()) {
        jdbc.sql(GIVE_BACK).param("keys", untried.toArray(String[]::new)).update();
      }
      log.warn(
          "The photo store failed; {} photos of removed jobs wait for a later run: {}",
          failedKeys.size() + untried.size(),
          trouble.toString());
      return false;
    }
    return true;
  }

  private void logRefusalOnce(String key, S3Failure refusal) {
    if (!refusalLogged.getAndSet(true)) {
      log.warn(
          "The photo store refuses to delete {} ({}): such photos stay until the bucket's"
              + " lifecycle rule expires them (docs/operations.md, \"Photos\")",
          key,
          refusal.getMessage());
    }
  }

  private static List<PhotoRef> refsOf(String json) {
    return json == null ? List.of() : List.of(WireJson.read(json, PhotoRef[].class));
  }
}
