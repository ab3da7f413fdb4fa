package io.cardgen.gateway.batch;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import io.cardgen.gateway.testing.Books;
import io.cardgen.gateway.testing.BooksDatabase;
import io.cardgen.testsupport.Race;
import io.cardgen.testsupport.SettableClock;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.Timestamp;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.springframework.jdbc.core.simple.JdbcClient;

/** Batch retention against real PostgreSQL with the real schema, time moved by hand. */
class BatchRetentionIT {

  private static final Duration RETENTION = Duration.ofDays(30);
  @RegisterExtension static final BooksDatabase database = new BooksDatabase();
  private final SettableClock clock = new SettableClock();
  private Books books;
  private JdbcClient jdbc;
  private UUID account;
  private BatchRetentionFixture batches;

  @BeforeEach
  void clear() {
    jdbc = database.jdbc();
    books = new Books(jdbc);
    account = books.anAccountWithCredits(100);
    batches = new BatchRetentionFixture(database, clock, account);
  }

  private BatchRetention retention(int itemsPerTransaction, int transactions) {
    return batches.retention(RETENTION, itemsPerTransaction, transactions);
  }

  /**
   * An admin card delete locks the card's job, then marks the card; retention of the card's batch
   * used to delete the card first and lock the job after, and one of the two died with "deadlock
   * detected" (review finding). Retention now locks its items before it touches their cards.
   */
  @Test
  void anAdminCardDeleteAndTheBatchsRetentionDoNotDeadlock() throws Exception {
    UUID batch = aFinishedBatch("completed", daysAgo(31), 1);
    UUID card =
        jdbc.sql("SELECT c.uid FROM cards c JOIN jobs j ON j.id = c.job_id WHERE j.batch_id = :b")
            .param("b", batch)
            .query(UUID.class)
            .single();
    try (Connection admin = database.dataSource().getConnection()) {
      admin.setAutoCommit(false);
      // AdminController.deleteCard's first statement: the card's job, locked.
      try (PreparedStatement lock =
          admin.prepareStatement(
              "SELECT j.id FROM jobs j JOIN cards c ON c.job_id = j.id"
                  + " WHERE c.uid = ? AND c.deleted_at IS NULL FOR UPDATE OF j")) {
        lock.setObject(1, card);
        lock.executeQuery().close();
      }
      CompletableFuture<Integer> retained =
          CompletableFuture.supplyAsync(() -> retention(10, 1).removeExpired());
      await("retention waiting for the admin's lock")
          .atMost(Duration.ofSeconds(20))
          .until(
              () ->
                  jdbc.sql(
                          "SELECT count(*) FROM pg_stat_activity"
                              + " WHERE wait_event_type = 'Lock' AND datname = current_database()")
                      .query(Long.class)
                      .single(),
              waiting -> waiting > 0);
      // Its second: the card marked deleted, then the commit.
      try (PreparedStatement delete =
          admin.prepareStatement(
              "UPDATE cards SET deleted_at = now() WHERE uid = ? AND deleted_at IS NULL")) {
        delete.setObject(1, card);
        assertThat(delete.executeUpdate()).isEqualTo(1);
      }
      admin.commit();

      assertThat(retained.get(30, TimeUnit.SECONDS)).isEqualTo(1);
    }
    assertThat(batchExists(batch)).isFalse();
  }

  private Instant daysAgo(long days) {
    return batches.daysAgo(days);
  }

  /** A batch of succeeded items (their cards charged) that finished {@code finishedAt}. */
  private UUID aFinishedBatch(String status, Instant finishedAt, int items) {
    return batches.aFinishedBatch(status, finishedAt.minusSeconds(3600), finishedAt, items);
  }

  private void aWebhookRow(UUID batch, String state) {
    jdbc.sql(
            """
            INSERT INTO webhook_deliveries (id, account_id, event_key, event_type, url, payload,
                                            state, next_attempt_at, created_at)
            VALUES (:id, :account, :key, 'batch.completed', 'https://hooks.example/x', '{}',
                    :state, now(), now())
            """)
        .param("id", UUID.randomUUID())
        .param("account", account)
        .param("key", "batch:bat_" + batch + ":completed")
        .param("state", state)
        .update();
  }

  private long count(String sql, UUID batch) {
    return jdbc.sql(sql).param("batch", batch).query(Long.class).single();
  }

  private boolean batchExists(UUID batch) {
    return count("SELECT count(*) FROM batches WHERE id = :batch", batch) == 1;
  }

  private long itemsOf(UUID batch) {
    return count("SELECT count(*) FROM jobs WHERE batch_id = :batch", batch);
  }

  private long webhookRowsOf(UUID batch) {
    return count(
        "SELECT count(*) FROM webhook_deliveries WHERE event_key LIKE 'batch:bat_' || :batch || ':%'",
        batch);
  }

  @Test
  void removesAFinishedBatchPastItsRetentionWithItsItemsCardsAndWebhookButKeepsTheLedger() {
    UUID old = aFinishedBatch("completed", daysAgo(31), 3);
    aWebhookRow(old, "DELIVERED");
    UUID cancelled = aFinishedBatch("cancelled", daysAgo(40), 1);
    aWebhookRow(cancelled, "GAVE_UP");
    UUID recent = aFinishedBatch("completed", daysAgo(29), 2);
    aWebhookRow(recent, "DELIVERED");
    List<UUID> oldItems =
        jdbc.sql("SELECT id FROM jobs WHERE batch_id = :batch")
            .param("batch", old)
            .query(UUID.class)
            .list();
    long balance = balance();

    assertThat(retention(1000, 50).removeExpired()).isEqualTo(2);

    assertThat(batchExists(old)).isFalse();
    assertThat(batchExists(cancelled)).isFalse();
    assertThat(itemsOf(old)).isZero();
    assertThat(webhookRowsOf(old)).isZero();
    assertThat(oldItems)
        .allSatisfy(
            item -> {
              assertThat(books.cardsOf(item)).isZero();
              assertThat(books.ledgerRowsOf(item)).as("RESERVE + CHARGE kept").isEqualTo(2);
            });
    assertThat(batchExists(recent)).isTrue();
    assertThat(itemsOf(recent)).isEqualTo(2);
    assertThat(webhookRowsOf(recent)).isOne();
    assertThat(balance()).isEqualTo(balance);
  }

  @Test
  void neverRemovesABatchWithAnItemNotEndedOrACreditStillReserved() {
    UUID running = batches.aBatch("in_progress", daysAgo(100).minusSeconds(3600), null, 1);
    batches.asItem(books.aQueuedJob(account, "queued-item", daysAgo(100)), running, 1, 1);
    UUID inconsistent = aFinishedBatch("completed", daysAgo(100), 1);
    UUID reserved = books.aQueuedJob(account, "reserved-item", daysAgo(100));
    jdbc.sql("UPDATE jobs SET state = 'FAILED', finished_at = :at WHERE id = :id")
        .param("at", Timestamp.from(daysAgo(100)))
        .param("id", reserved)
        .update();
    batches.asItem(reserved, inconsistent, 2, 2);

    assertThat(retention(1000, 50).removeExpired()).isZero();

    assertThat(batchExists(running)).isTrue();
    assertThat(batchExists(inconsistent)).isTrue();
    assertThat(itemsOf(inconsistent)).isEqualTo(2);
  }

  @Test
  void waitsWhileTheBatchsWebhookIsStillBeingDelivered() {
    UUID batch = aFinishedBatch("completed", daysAgo(31), 1);
    aWebhookRow(batch, "PENDING");

    assertThat(retention(1000, 50).removeExpired()).isZero();
    assertThat(batchExists(batch)).isTrue();

    jdbc.sql("UPDATE webhook_deliveries SET state = 'GAVE_UP'").update();
    assertThat(retention(1000, 50).removeExpired()).isOne();
    assertThat(batchExists(batch)).isFalse();
  }

  @Test
  void removesALargeBatchInShortTransactionsAcrossRuns() {
    UUID batch = aFinishedBatch("completed", daysAgo(31), 5);
    BatchRetention twoOfTwo = retention(2, 2);

    assertThat(twoOfTwo.removeExpired()).isZero();
    assertThat(itemsOf(batch)).isOne();
    assertThat(batchExists(batch)).isTrue();

    assertThat(twoOfTwo.removeExpired()).isOne();
    assertThat(batchExists(batch)).isFalse();
    assertThat(twoOfTwo.removeExpired()).isZero();
  }

  @Test
  void removesEachSmallBatchInOneTransaction() {
    List<UUID> small =
        List.of(
            aFinishedBatch("completed", daysAgo(31), 1),
            aFinishedBatch("completed", daysAgo(32), 2),
            aFinishedBatch("cancelled", daysAgo(33), 1));
    aWebhookRow(small.get(0), "DELIVERED");

    assertThat(retention(3, 3).removeExpired()).isEqualTo(3);

    assertThat(small).noneMatch(this::batchExists);
    assertThat(jdbc.sql("SELECT count(*) FROM jobs").query(Long.class).single()).isZero();
    assertThat(webhookRowsOf(small.get(0))).isZero();
  }

  @Test
  void twoReplicasCleaningAtOnceRemoveEveryBatchOnce() throws Exception {
    for (int batch = 0; batch < 12; batch++) {
      aFinishedBatch("completed", daysAgo(31 + batch), 3);
    }
    BatchRetention first = retention(2, 100);
    BatchRetention second = retention(2, 100);

    List<Integer> removed = Race.together(List.of(first::removeExpired, second::removeExpired));

    assertThat(removed.get(0) + removed.get(1)).isEqualTo(12);
    assertThat(jdbc.sql("SELECT count(*) FROM batches").query(Long.class).single()).isZero();
    assertThat(jdbc.sql("SELECT count(*) FROM jobs").query(Long.class).single()).isZero();
  }

  @Test
  void refusesARetentionShorterThanAWebhooksRetries() {
    assertThatThrownBy(
            () ->
                new BatchRetentionProperties(
                    Duration.ofHours(47), Duration.ofMinutes(10), 1000, 50))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("at least 2d");
  }

  private long balance() {
    return jdbc.sql("SELECT balance FROM accounts WHERE id = :id")
        .param("id", account)
        .query(Long.class)
        .single();
  }
}
