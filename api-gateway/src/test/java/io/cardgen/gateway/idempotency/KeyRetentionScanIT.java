package io.cardgen.gateway.idempotency;

import static org.assertj.core.api.Assertions.assertThat;

import io.cardgen.gateway.photo.JobPhotoRemoval;
import io.cardgen.gateway.reply.ReplyProperties;
import io.cardgen.gateway.testing.Books;
import io.cardgen.gateway.testing.BooksDatabase;
import io.cardgen.testsupport.SettableClock;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.sql.Timestamp;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.UUID;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.springframework.jdbc.core.simple.JdbcClient;

/**
 * Key retention's search must not walk the batch items that finished before the key cutoff (they
 * are kept 30 days, keys 72 h): it did, on every run of every replica (review), until the partial
 * index of changeset 050.
 */
class KeyRetentionScanIT {

  @RegisterExtension static final BooksDatabase database = new BooksDatabase();
  private final SettableClock clock = new SettableClock();

  @Test
  void theSearchReadsNoKeptBatchItem() {
    JdbcClient jdbc = database.jdbc();
    Books books = new Books(jdbc);
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

    KeyRetention retention =
        new KeyRetention(
            jdbc,
            new JobPhotoRemoval(jdbc, null, false, new SimpleMeterRegistry()),
            database.transaction(),
            new RetentionProperties(Duration.ofHours(72), Duration.ofMinutes(10), 500, 20),
            new ReplyProperties(
                Duration.ofSeconds(150),
                Duration.ofSeconds(5),
                Duration.ofMillis(100),
                Duration.ofSeconds(2)),
            clock,
            new SimpleMeterRegistry());
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
