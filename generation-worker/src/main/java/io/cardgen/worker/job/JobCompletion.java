package io.cardgen.worker.job;

import io.cardgen.common.db.RelaxedCommit;
import io.cardgen.common.error.ErrorCode;
import io.cardgen.worker.batch.BatchProgress;
import io.cardgen.worker.card.CardInsert;
import io.cardgen.worker.credit.CreditSettlement;
import java.sql.Timestamp;
import java.time.Clock;
import java.util.UUID;
import java.util.function.Supplier;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Component;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * The final moves of a job, each all or nothing: card + SUCCEEDED + charge, or FAILED + release.
 * Each starts with a conditional UPDATE on the job; if it matches no row (the lease was taken over,
 * or the job already finished), nothing else is written and the caller learns it lost.
 *
 * <p>A synchronous card's move is one statement that PostgreSQL commits on its own, so the account
 * row, which every card of an account updates, is locked for the statement's server time only and
 * never across a round trip to this JVM (ADR 0018). A batch item also moves its batch forward, in
 * one transaction that takes the batch's lock before the account's (the order a cancel takes them)
 * and moves the credit last, right before the commit.
 *
 * <p>Neither commit waits for the disk, which would hold the account row (and a batch's) through
 * the flush and queue the account's other cards behind it: the caller waits afterwards, holding
 * nothing, with an {@link io.cardgen.common.db.DurabilityBarrier}, before it tells anyone of the
 * end (ADR 0033). The sweeper's failures of abandoned jobs are rare and keep the server's setting.
 */
@Component
class JobCompletion {

  private static final String SUCCEED =
      """
      UPDATE jobs
      SET state = 'SUCCEEDED', credit_state = 'CHARGED', lease_owner = NULL, lease_until = NULL,
          finished_by = :owner, finished_at = :now, updated_at = :now
      WHERE id = :id AND state = 'RUNNING' AND lease_owner = :owner AND credit_state = 'RESERVED'
      RETURNING id, account_id
      """;
  private static final String FAIL_OWNED =
      """
      UPDATE jobs
      SET state = 'FAILED', credit_state = 'RELEASED', error_code = :code, lease_owner = NULL,
          lease_until = NULL, finished_by = :owner, finished_at = :now, updated_at = :now
      WHERE id = :id AND state = 'RUNNING' AND lease_owner = :owner AND credit_state = 'RESERVED'
      RETURNING id, account_id
      """;
  // The sweeper fails jobs nobody holds any more: queued ones out of attempts, or running ones
  // whose lease ran out on the last attempt.
  private static final String FAIL_ABANDONED =
      """
      UPDATE jobs
      SET state = 'FAILED', credit_state = 'RELEASED', error_code = :code, lease_owner = NULL,
          lease_until = NULL, finished_at = :now, updated_at = :now
      WHERE id = :id AND credit_state = 'RESERVED'
        AND (state = 'QUEUED' OR (state = 'RUNNING' AND lease_until < :now))
      RETURNING id, account_id
      """;
  // The job was moved earlier in the same transaction; only its credit (and card) remain.
  private static final String MOVED = "SELECT id, account_id FROM jobs WHERE id = :id";

  private static final String LOCK_BATCH_OF =
      """
      SELECT b.id FROM batches b
      WHERE b.id = (SELECT batch_id FROM jobs WHERE id = :id)
      FOR UPDATE OF b
      """;

  private final JdbcClient jdbc;
  private final BatchProgress batches;
  private final TransactionTemplate transaction;
  private final Clock clock;

  JobCompletion(
      JdbcClient jdbc, BatchProgress batches, TransactionTemplate transaction, Clock clock) {
    this.jdbc = jdbc;
    this.batches = batches;
    this.transaction = transaction;
    this.clock = clock;
  }

  public boolean succeed(ClaimedJob job, CardInsert.NewCard card) {
    return finish(job, SUCCEED, null, card, CreditSettlement.CHARGE);
  }

  public boolean fail(ClaimedJob job, ErrorCode code) {
    return finish(job, FAIL_OWNED, code, null, CreditSettlement.RELEASE);
  }

  public boolean failAbandoned(UUID jobId, ErrorCode code) {
    return inTransaction(
        () -> {
          // A queued batch item is also what a cancel locks after its batch: lock the batch first.
          jdbc.sql(LOCK_BATCH_OF).param("id", jobId).query(UUID.class).optional();
          return moved(FAIL_ABANDONED, null, null, jobId, null, code, false)
              && countedThenSettled(jobId, null, CreditSettlement.RELEASE);
        });
  }

  private boolean finish(
      ClaimedJob job,
      String move,
      ErrorCode code,
      CardInsert.NewCard card,
      CreditSettlement settlement) {
    if (job.batchId() == null) {
      return moved(move, card, settlement, job.id(), job.owner(), code, true);
    }
    return inTransaction(
        () -> {
          jdbc.sql(RelaxedCommit.FOR_THIS_TRANSACTION).query(String.class).single();
          return moved(move, null, null, job.id(), job.owner(), code, false)
              && countedThenSettled(job.id(), card, settlement);
        });
  }

  /** A batch item counts in its batch before its credit moves: batch lock, then account lock. */
  private boolean countedThenSettled(
      UUID jobId, CardInsert.NewCard card, CreditSettlement settlement) {
    batches.itemFinished(jobId);
    return moved(MOVED, card, settlement, jobId, null, null, false);
  }

  private boolean inTransaction(Supplier<Boolean> work) {
    return Boolean.TRUE.equals(transaction.execute(status -> work.get()));
  }

  /**
   * Runs {@code move} (a statement returning the job's {@code id, account_id}, or nothing) as the
   * {@code done} part of one statement, with the card and the credit movement when given; true when
   * the move matched the job. {@code relaxed}: the statement's commit does not wait for the disk.
   */
  private boolean moved(
      String move,
      CardInsert.NewCard card,
      CreditSettlement settlement,
      UUID jobId,
      String owner,
      ErrorCode code,
      boolean relaxed) {
    StringBuilder sql = new StringBuilder("WITH done AS (").append(move).append(')');
    if (card != null) {
      sql.append(", ").append(CardInsert.INSERT_PART);
    }
    if (settlement != null) {
      // With a card, the credit moves after the card is written (see CreditSettlement).
      sql.append(", ").append(settlement.parts(card != null ? "card" : "done"));
    }
    sql.append(" SELECT count(*) FROM done");
    if (relaxed) {
      sql.append(", ").append(RelaxedCommit.RELATION);
    }
    JdbcClient.StatementSpec statement =
        jdbc.sql(sql.toString())
            .param("id", jobId)
            .param("owner", owner)
            .param("code", code == null ? null : code.code())
            .param("now", Timestamp.from(clock.instant()));
    if (card != null) {
      statement = CardInsert.bind(statement, card);
    }
    return statement.query(Long.class).single() == 1;
  }
}
