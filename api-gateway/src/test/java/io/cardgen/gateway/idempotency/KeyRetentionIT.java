package io.cardgen.gateway.idempotency;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.cardgen.gateway.photo.JobPhotoRemoval;
import io.cardgen.gateway.reply.ReplyProperties;
import io.cardgen.gateway.testing.Books;
import io.cardgen.gateway.testing.BooksDatabase;
import io.cardgen.storage.S3Bucket;
import io.cardgen.testsupport.Race;
import io.cardgen.testsupport.SettableClock;
import io.cardgen.testsupport.TestS3;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.sql.Timestamp;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.UUID;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.springframework.jdbc.core.simple.JdbcClient;

class KeyRetentionIT {

  private static final Duration RETENTION = Duration.ofHours(72);
  @RegisterExtension static final BooksDatabase database = new BooksDatabase();
  private final SettableClock clock = new SettableClock();
  private Books books;

  @BeforeEach
  void clear() {
    books = new Books(database.jdbc());
  }

  private KeyRetention retention(int batch, int maxBatches) {
    return retention(
        batch,
        maxBatches,
        new JobPhotoRemoval(database.jdbc(), null, false, new SimpleMeterRegistry()));
  }

  private KeyRetention retention(int batch, int maxBatches, JobPhotoRemoval photos) {
    return new KeyRetention(
        database.jdbc(),
        photos,
        database.transaction(),
        new RetentionProperties(RETENTION, Duration.ofMinutes(10), batch, maxBatches),
        new ReplyProperties(
            Duration.ofSeconds(150),
            Duration.ofSeconds(5),
            Duration.ofMillis(100),
            Duration.ofSeconds(2)),
        clock,
        new SimpleMeterRegistry());
  }

  private Instant hoursAgo(long hours) {
    return clock.instant().minus(Duration.ofHours(hours));
  }

  @Test
  void removesKeysAndCardsOfJobsThatEndedBeforeTheRetentionButKeepsTheLedger() {
    UUID account = books.anAccountWithCredits(10);
    UUID oldCard = books.aSucceededJob(account, "old-card", hoursAgo(73));
    UUID oldFailure = books.aFailedJob(account, "old-failure", hoursAgo(73));
    UUID recentCard = books.aSucceededJob(account, "recent-card", hoursAgo(71));
    UUID recentFailure = books.aFailedJob(account, "recent-failure", hoursAgo(71));

    assertThat(retention(500, 20).removeExpired()).isEqualTo(2);

    assertThat(books.jobExists(oldCard)).isFalse();
    assertThat(books.jobExists(oldFailure)).isFalse();
    assertThat(books.cardsOf(oldCard)).isZero();
    assertThat(books.ledgerRowsOf(oldCard)).as("RESERVE + CHARGE kept").isEqualTo(2);
    assertThat(books.ledgerRowsOf(oldFailure)).as("RESERVE + RELEASE kept").isEqualTo(2);
    assertThat(books.jobExists(recentCard)).isTrue();
    assertThat(books.cardsOf(recentCard)).isOne();
    assertThat(books.jobExists(recentFailure)).isTrue();
  }

  @Test
  void theStoredPhotosOfAKeyGoWithItAndThoseOfAKeptKeyStay() throws Exception {
    UUID account = books.anAccountWithCredits(10);
    UUID old = books.aSucceededJob(account, "old-card", hoursAgo(73));
    UUID recent = books.aSucceededJob(account, "recent-card", hoursAgo(71));
    String oldPhoto = "products/" + old + "/00000000000000000000000000000001.png";
    String recentPhoto = "products/" + recent + "/00000000000000000000000000000002.png";
    books.withPhotos(old, "[{\"source\":\"STORED\",\"location\":\"" + oldPhoto + "\"}]");
    books.withPhotos(recent, "[{\"source\":\"STORED\",\"location\":\"" + recentPhoto + "\"}]");
    try (TestS3 s3 = TestS3.start();
        S3Bucket bucket = S3Bucket.open(s3.properties("cardgen"), "cardgen")) {
      bucket.createIfMissing();
      bucket.put(oldPhoto, new byte[] {1}, "image/png");
      bucket.put(recentPhoto, new byte[] {2}, "image/png");

      JobPhotoRemoval photos =
          new JobPhotoRemoval(database.jdbc(), bucket, true, new SimpleMeterRegistry());
      retention(500, 20, photos).removeExpired();

      assertThat(books.jobExists(old)).isFalse();
      // Queued with the rows, deleted from the bucket after they went.
      assertThat(bucket.exists(oldPhoto)).isTrue();
      photos.removeDue(100);
      assertThat(bucket.exists(oldPhoto)).isFalse();
      assertThat(bucket.exists(recentPhoto)).isTrue();
    }
  }

  @Test
  void neverRemovesAJobStillInProgressHoweverOld() {
    UUID account = books.anAccountWithCredits(10);
    UUID stuck = books.aQueuedJob(account, "stuck", hoursAgo(500));

    assertThat(retention(500, 20).removeExpired()).isZero();

    assertThat(books.jobExists(stuck)).isTrue();
  }

  @Test
  void aRemovedKeyCanBeUsedAgainByItsAccount() {
    UUID account = books.anAccountWithCredits(10);
    books.aSucceededJob(account, "reused", hoursAgo(80));
    retention(500, 20).removeExpired();

    UUID again = books.aQueuedJob(account, "reused", clock.instant());

    assertThat(books.jobExists(again)).isTrue();
  }

  @Test
  void removesInBatchesAndStopsAfterTheMaximumPerRun() {
    UUID account = books.anAccountWithCredits(10);
    for (int job = 0; job < 5; job++) {
      books.aSucceededJob(account, "batch-" + job, hoursAgo(100 + job));
    }
    KeyRetention twoBatchesOfTwo = retention(2, 2);

    assertThat(twoBatchesOfTwo.removeExpired()).isEqualTo(4);
    assertThat(twoBatchesOfTwo.removeExpired()).isEqualTo(1);
    assertThat(twoBatchesOfTwo.removeExpired()).isZero();
  }

  @Test
  void twoReplicasCleaningAtOnceRemoveEveryKeyExactlyOnce() throws Exception {
    UUID account = books.anAccountWithCredits(100);
    for (int job = 0; job < 60; job++) {
      books.aFailedJob(account, "race-" + job, hoursAgo(90));
    }
    KeyRetention first = retention(5, 100);
    KeyRetention second = retention(5, 100);

    List<Integer> removed = Race.together(List.of(first::removeExpired, second::removeExpired));

    assertThat(removed.get(0) + removed.get(1)).isEqualTo(60);
  }

  @Test
  void removesTopUpKeysOlderThanTheRetentionButKeepsTheirCredits() {
    UUID account = books.anAccountWithCredits(10);
    books.aKeyedTopUp(account, "old-invoice", 5, hoursAgo(73));
    books.aKeyedTopUp(account, "recent-invoice", 7, hoursAgo(71));

    assertThat(retention(500, 20).removeExpiredTopUps()).isEqualTo(1);

    assertThat(books.topUpKeyExists("old-invoice")).isFalse();
    assertThat(books.topUpKeyExists("recent-invoice")).isTrue();
    assertThat(
            database
                .jdbc()
                .sql("SELECT count(*) FROM credit_ledger WHERE kind = 'CREDIT'")
                .query(Long.class)
                .single())
        .as("every CREDIT row kept")
        .isEqualTo(3);
  }

  @Test
  void removesTopUpKeysInBatchesUpToTheMaximumPerRun() {
    UUID account = books.anAccountWithCredits(10);
    for (int key = 0; key < 5; key++) {
      books.aKeyedTopUp(account, "invoice-" + key, 1, hoursAgo(100 + key));
    }
    KeyRetention twoBatchesOfTwo = retention(2, 2);

    assertThat(twoBatchesOfTwo.removeExpiredTopUps()).isEqualTo(4);
    assertThat(twoBatchesOfTwo.removeExpiredTopUps()).isEqualTo(1);
    assertThat(twoBatchesOfTwo.removeExpiredTopUps()).isZero();
  }

  @Test
  void theScheduledRunRemovesTopUpKeysToo() {
    UUID account = books.anAccountWithCredits(10);
    books.aKeyedTopUp(account, "old-invoice", 5, hoursAgo(73));

    retention(500, 20).scheduled();

    assertThat(books.topUpKeyExists("old-invoice")).isFalse();
  }

  @Test
  void refusesARetentionThatDoesNotOutlastTheReplyTimeout() {
    assertThatThrownBy(
            () ->
                new KeyRetention(
                    database.jdbc(),
                    new JobPhotoRemoval(database.jdbc(), null, false, new SimpleMeterRegistry()),
                    database.transaction(),
                    new RetentionProperties(Duration.ofSeconds(60), Duration.ofMinutes(1), 1, 1),
                    new ReplyProperties(
                        Duration.ofSeconds(150),
                        Duration.ofSeconds(5),
                        Duration.ofMillis(100),
                        Duration.ofSeconds(2)),
                    clock,
                    new SimpleMeterRegistry()))
        .isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("cardgen.reply.timeout");
  }

  /**
   * The search must not walk the batch items that finished before the key cutoff (they are kept 30
   * days, keys 72 h): it did, on every run of every replica (review), until the partial index of
   * changeset 050.
   */
  @Test
  void theSearchReadsNoKeptBatchItem() {
    JdbcClient jdbc = database.jdbc();
    UUID account = books.anAccountWithCredits(10);
    UUID batch = UUID.randomUUID();
    Instant tenDaysAgo = clock.instant().minus(Duration.ofDays(10));
    int items = 20_000;
    jdbc.sql(
            """
            INSERT INTO batches (id, account_id, fingerprint, status, total, succeeded, metadata,
                                 created_at, completed_at)
            VALUES (:id, :account, 'fp', 'completed', :total, :total, CAST('{}' AS jsonb), :at, :at)
            """)
        .param("id", batch)
        .param("account", account)
        .param("total", items)
        .param("at", Timestamp.from(tenDaysAgo))
        .update();
    // A batch finished ten days ago, well within its 30-day retention: its items stay.
    jdbc.sql(
            """
            INSERT INTO jobs (id, account_id, idempotency_key, fingerprint, spec, state,
                              credit_state, created_at, updated_at, finished_at, batch_id,
                              custom_id, item_line, seq)
            SELECT gen_random_uuid(), :account, 'batch/' || :batch || '/' || n, 'fp',
                   CAST('{}' AS jsonb), 'SUCCEEDED', 'CHARGED', :at, :at,
                   CAST(:at AS timestamptz) + n * interval '1 ms', CAST(:batch AS uuid),
                   'c' || n, n, n
            FROM generate_series(1, :items) n
            """)
        .param("account", account)
        .param("batch", batch.toString())
        .param("at", Timestamp.from(tenDaysAgo))
        .param("items", items)
        .update();
    // One synchronous key past its 72 h.
    UUID expiredKey =
        books.aSucceededJob(account, "sync-key", clock.instant().minus(Duration.ofHours(73)));
    jdbc.sql("ANALYZE jobs").update();

    Instant cutoff = clock.instant().minus(Duration.ofHours(72));
    List<String> plan =
        jdbc.sql("EXPLAIN (ANALYZE, BUFFERS) " + KeyRetention.EXPIRED)
            .param("cutoff", Timestamp.from(cutoff))
            .param("batch", 500)
            .query(String.class)
            .list();

    KeyRetention retention = retention(500, 20);
    assertThat(retention.removeExpired()).isOne();
    assertThat(retention.removeExpired()).isZero();
    assertThat(books.jobExists(expiredKey)).isFalse();
    // The search should not have to read the kept batch items: no row removed by its filter.
    long filtered =
        Pattern.compile("Rows Removed by Filter: (\\d+)")
            .matcher(String.join("\n", plan))
            .results()
            .mapToLong(match -> Long.parseLong(match.group(1)))
            .sum();
    assertThat(filtered).as("kept batch items read by the key search").isLessThan(100);
  }
}
