package io.cardgen.gateway.batch;

import io.cardgen.common.batch.BatchEnd;
import io.cardgen.common.batch.BatchEvent;
import io.cardgen.common.batch.BatchObject;
import java.sql.Timestamp;
import java.time.Clock;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Component;
import org.springframework.transaction.annotation.Transactional;

/**
 * Cancelling a batch (batch-api §5), one transaction: the batch row is locked, every queued item
 * becomes CANCELLED with its credit released in bulk and its {@code seq} given, the batch becomes
 * {@code cancelling}, and {@code cancelled} at once when nothing is left running (otherwise the
 * worker finishing the last running item moves it). Items a worker claimed meanwhile are not queued
 * any more and are left to finish: the locks make each item end exactly once.
 */
@Component
class BatchCancellation {

  private record Locked(UUID accountId, String status, int finished) {}

  private record Ended(UUID accountId, String webhookUrl) {}

  private static final String LOCK =
      """
      SELECT account_id, status, succeeded + failed + cancelled AS finished
      FROM batches WHERE id = :id AND account_id = :account FOR UPDATE
      """;
  private static final String TO_CANCELLING =
      "UPDATE batches SET status = 'cancelling' WHERE id = :id AND status = 'in_progress'";
  // Numbered in item order after the items already finished; the inner FOR UPDATE re-checks each
  // row's state once a racing claim commits, so a claimed item is skipped, not cancelled.
  private static final String CANCEL_QUEUED =
      """
      UPDATE jobs j
      SET state = 'CANCELLED', credit_state = 'RELEASED', seq = n.seq, finished_at = :now,
          updated_at = :now
      FROM (SELECT id, :finished + row_number() OVER (ORDER BY item_line) AS seq
            FROM (SELECT id, item_line FROM jobs
                  WHERE batch_id = :id AND state = 'QUEUED' AND credit_state = 'RESERVED'
                  FOR UPDATE) locked) n
      WHERE j.id = n.id
      RETURNING j.id
      """;
  private static final String RELEASE =
      """
      UPDATE accounts SET reserved = reserved - :count
      WHERE id = :account AND reserved >= :count
      """;
  private static final String RECORD_RELEASES =
      """
      INSERT INTO credit_ledger (account_id, job_id, kind, amount)
      SELECT :account, job, 'RELEASE', 1 FROM unnest(CAST(:jobs AS uuid[])) AS job
      """;
  private static final String COUNT_CANCELLED =
      "UPDATE batches SET cancelled = cancelled + :count WHERE id = :id";

  private final JdbcClient jdbc;
  private final BatchStore store;
  private final Clock clock;

  BatchCancellation(JdbcClient jdbc, BatchStore store, Clock clock) {
    this.jdbc = jdbc;
    this.store = store;
    this.clock = clock;
  }

  /** The batch after the cancel; empty when the account has no such batch. */
  @Transactional
  public Optional<BatchObject> cancel(UUID account, UUID id) {
    Optional<Locked> locked =
        jdbc.sql(LOCK).param("id", id).param("account", account).query(Locked.class).optional();
    if (locked.isEmpty()) {
      return Optional.empty();
    }
    if (locked.get().status().equals("in_progress")) {
      Instant now = clock.instant();
      jdbc.sql(TO_CANCELLING).param("id", id).update();
      List<UUID> cancelled =
          jdbc.sql(CANCEL_QUEUED)
              .param("id", id)
              .param("finished", locked.get().finished())
              .param("now", Timestamp.from(now))
              .query(UUID.class)
              .list();
      if (!cancelled.isEmpty()) {
        release(account, id, cancelled);
      }
      finishIfDone(id, now);
    }
    return store.find(account, id);
  }

  /**
   * An operator's cancel (the admin API): the account's own cancel, for whichever account owns the
   * batch. Empty for an unknown batch or one retention is removing, as the public API answers 404.
   */
  @Transactional
  public Optional<BatchObject> cancelForOperator(UUID id) {
    return store.owner(id).flatMap(account -> cancel(account, id));
  }

  private void release(UUID account, UUID batch, List<UUID> jobs) {
    int count = jobs.size();
    if (jdbc.sql(RELEASE).param("account", account).param("count", count).update() != 1) {
      throw new IllegalStateException("Account " + account + " holds fewer than " + count);
    }
    jdbc.sql(RECORD_RELEASES)
        .param("account", account)
        .param("jobs", jobs.toArray(UUID[]::new))
        .update();
    jdbc.sql(COUNT_CANCELLED).param("id", batch).param("count", count).update();
  }

  private void finishIfDone(UUID id, Instant now) {
    Optional<Ended> ended =
        jdbc.sql(BatchEnd.FINISH)
            .param("id", id)
            .param("now", Timestamp.from(now))
            .query(Ended.class)
            .optional();
    if (ended.isPresent() && ended.get().webhookUrl() != null) {
      BatchObject batch = store.find(ended.get().accountId(), id).orElseThrow();
      BatchEvent event = BatchEvent.ended(UUID.randomUUID(), ended.get().accountId(), batch, now);
      jdbc.sql(BatchEvent.INSERT).params(event.parameters(now)).update();
    }
  }
}
