package io.cardgen.gateway.batch;

import io.cardgen.gateway.photo.JobPhotoRemoval;
import io.cardgen.gateway.testing.Books;
import io.cardgen.gateway.testing.BooksDatabase;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.sql.Timestamp;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.UUID;
import org.springframework.jdbc.core.simple.JdbcClient;

/**
 * Batches of one account written straight into the books database, and the real retention over them
 * on a clock moved by hand: what the tests of retention and of what it leaves behind (the batch
 * list and its cursor) start from.
 */
final class BatchRetentionFixture {

  private final BooksDatabase database;
  private final JdbcClient jdbc;
  private final Books books;
  private final Clock clock;
  private final UUID account;

  BatchRetentionFixture(BooksDatabase database, Clock clock, UUID account) {
    this.database = database;
    this.jdbc = database.jdbc();
    this.books = new Books(jdbc);
    this.clock = clock;
    this.account = account;
  }

  /** The real retention, keeping finished batches for {@code retention}. */
  BatchRetention retention(Duration retention, int itemsPerTransaction, int transactions) {
    return new BatchRetention(
        jdbc,
        new JobPhotoRemoval(jdbc, null, false, new SimpleMeterRegistry()),
        database.transaction(),
        new BatchRetentionProperties(
            retention, Duration.ofMinutes(10), itemsPerTransaction, transactions),
        clock,
        new SimpleMeterRegistry());
  }

  Instant daysAgo(long days) {
    return clock.instant().minus(Duration.ofDays(days));
  }

  /**
   * A batch row without items: {@code in_progress} has none succeeded yet, any other status all of
   * {@code total}; {@code completed} is null for a batch still running.
   */
  UUID aBatch(String status, Instant created, Instant completed, int total) {
    UUID batch = UUID.randomUUID();
    jdbc.sql(
            """
            INSERT INTO batches (id, account_id, fingerprint, status, total, succeeded, metadata,
                                 created_at, completed_at)
            VALUES (:id, :account, 'fp', :status, :total, :succeeded, CAST('{}' AS jsonb),
                    :created, :completed)
            """)
        .param("id", batch)
        .param("account", account)
        .param("status", status)
        .param("total", total)
        .param("succeeded", status.equals("in_progress") ? 0 : total)
        .param("created", Timestamp.from(created))
        .param("completed", completed == null ? null : Timestamp.from(completed))
        .update();
    return batch;
  }

  /**
   * A finished batch whose {@code items} succeeded (their cards charged) a minute before {@code
   * completed}, each with its seq.
   */
  UUID aFinishedBatch(String status, Instant created, Instant completed, int items) {
    UUID batch = aBatch(status, created, completed, items);
    for (int line = 1; line <= items; line++) {
      UUID job = books.aSucceededJob(account, batch + "-" + line, completed.minusSeconds(60));
      asItem(job, batch, line, line);
    }
    return batch;
  }

  /** A batch in progress whose {@code items} are all queued since {@code created}. */
  UUID aRunningBatch(Instant created, int items) {
    UUID batch = aBatch("in_progress", created, null, items);
    for (int line = 1; line <= items; line++) {
      asItem(books.aQueuedJob(account, batch + "-" + line, created), batch, line, null);
    }
    return batch;
  }

  /** Makes {@code job} the item on {@code line} of {@code batch}, with {@code seq} (or none). */
  void asItem(UUID job, UUID batch, int line, Integer seq) {
    jdbc.sql(
            """
            UPDATE jobs SET batch_id = :batch, custom_id = :custom, item_line = :line, seq = :seq
            WHERE id = :job
            """)
        .param("batch", batch)
        .param("custom", "item-" + line)
        .param("line", line)
        .param("seq", seq)
        .param("job", job)
        .update();
  }
}
