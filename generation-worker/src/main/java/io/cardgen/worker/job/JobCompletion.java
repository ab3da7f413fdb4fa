package io.cardgen.worker.job;

import io.cardgen.common.db.RelaxedCommit;
import io.cardgen.common.error.ErrorCode;
import io.cardgen.worker.batch.BatchProgress;
import io.cardgen.worker.card.CardInsert;
import io.cardgen.worker.credit.CreditSettlement;
import java.sql.Timestamp;
import java.time.Clock;
import java.util.Optional;
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
 * never across a round trip to this JVM (ADR 0018). A batch item also moves its batch forward: in
 * one statement as well while other items of its batch are left (ADR 0039), so a big batch's items
 * do not queue for its row across round trips; its last item in one transaction that also gives the
 * batch its final status and queues its webhook. Both take the batch's lock before the account's
 * (the order a cancel takes them) and move the credit last.
 *
 * <p>Neither commit waits for the disk, which would hold the account row (and a batch's) through
 * the flush and queue the account's other cards behind it: the caller waits afterwards, holding
 * nothing, with an {@link io.cardgen.common.db.DurabilityBarrier}, before it tells anyone of the
 * end (ADR 0033). The sweeper's failures of abandoned jobs are rare and keep the server's setting.
 */
@Component
class JobCompletion {

  // What ends a job this attempt holds, and the columns every such end sets. The owner is the
  // worker's process, which can hold a job twice (redelivered after its lease ran out): the attempt
  // tells the live claim from the stale one, as JobClaims' hand-back does.
  private static final String HELD =
      "state = 'RUNNING' AND lease_owner = :owner AND attempts = :attempt"
          + " AND credit_state = 'RESERVED'";
  private static final String LEASE_ENDED =
      "lease_owner = NULL, lease_until = NULL, finished_by = :owner, finished_at = :now,"
          + " updated_at = :now";
  private static final String SUCCEED = owned(Ending.SUCCEEDED);
  private static final String FAIL_OWNED = owned(Ending.FAILED);
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
  // A batch item back in the queue after its batch was cancelled (its worker died or gave it back
  // while the batch was cancelling): no feeder claims it any more, so it ends cancelled.
  private static final String CANCEL_ABANDONED =
      """
      UPDATE jobs
      SET state = 'CANCELLED', credit_state = 'RELEASED', lease_owner = NULL, lease_until = NULL,
          finished_at = :now, updated_at = :now
      WHERE id = :id AND state = 'QUEUED' AND credit_state = 'RESERVED'
        AND batch_id IN (SELECT id FROM batches WHERE status = 'cancelling')
      RETURNING id, account_id
      """;
  // The job was moved earlier in the same transaction; only its credit (and card) remain.
  private static final String MOVED = "SELECT id, account_id FROM jobs WHERE id = :id";

  private static final String LOCK_JOB =
      "SELECT id FROM jobs WHERE id = :id FOR UPDATE SKIP LOCKED";

  private static final String LOCK_BATCH_OF =
      """
      SELECT b.id FROM batches b
      WHERE b.id = (SELECT batch_id FROM jobs WHERE id = :id)
      FOR UPDATE OF b
      """;

  /**
   * A batch item that is not the last of its batch, in one statement (ADR 0039): the job is locked,
   * the batch counts it (only while others are left, so the batch's final move, its status and its
   * webhook event stay with the transaction below), the job ends with its {@code seq}, then the
   * card and the credit follow as for a synchronous card. Lock order job, batch, account, as the
   * transaction takes them.
   */
  private static final String ITEM_NOT_LAST =
      """
      target AS (
        SELECT id, batch_id FROM jobs WHERE id = :id AND %1$s FOR UPDATE
      ), counted AS (
        UPDATE batches b SET %2$s = b.%2$s + 1
        FROM target
        WHERE b.id = target.batch_id AND b.succeeded + b.failed + b.cancelled + 1 < b.total
        RETURNING b.succeeded + b.failed + b.cancelled AS finished
      ), done AS (
        UPDATE jobs j SET %3$s, %4$s, seq = counted.finished
        FROM target, counted
        WHERE j.id = target.id
        RETURNING j.id, j.account_id, j.created_at
      )""";

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
    return finish(job, Ending.SUCCEEDED, null, card, CreditSettlement.CHARGE);
  }

  public boolean fail(ClaimedJob job, ErrorCode code) {
    return fail(job, code, null);
  }

  /**
   * @param detail the client's message instead of the code's standard text (a photo's failure), or
   *     null
   */
  public boolean fail(ClaimedJob job, ErrorCode code, String detail) {
    return finish(job, Ending.FAILED, new Failure(code, detail), null, CreditSettlement.RELEASE);
  }

  public boolean failAbandoned(UUID jobId, ErrorCode code) {
    return inTransaction(
        () -> {
          // A running job's worker, late, may be ending it: it locks the job, then the batch. Take
          // them in its order, and leave a job it holds locked to it (the next sweep sees how it
          // ended); waiting on the batch first would deadlock with it. A queued batch item is what
          // a cancel locks after its batch: there the batch comes first.
          if (isRunning(jobId)
              && jdbc.sql(LOCK_JOB).param("id", jobId).query(UUID.class).optional().isEmpty()) {
            return false;
          }
          jdbc.sql(LOCK_BATCH_OF).param("id", jobId).query(UUID.class).optional();
          return moved(FAIL_ABANDONED, null, null, jobId, null, new Failure(code, null), false)
              && countedThenSettled(jobId, null, CreditSettlement.RELEASE);
        });
  }

  /**
   * Ends a queued item of a cancelling batch as cancelled, its credit released (batch-api §5: the
   * batch then becomes {@code cancelled} once nothing of it runs). False when it is not such an
   * item any more: claimed, ended, or its batch still in progress.
   */
  public boolean cancelAbandoned(UUID jobId) {
    return inTransaction(
        () -> {
          jdbc.sql(LOCK_BATCH_OF).param("id", jobId).query(UUID.class).optional();
          return moved(CANCEL_ABANDONED, null, null, jobId, null, null, false)
              && countedThenSettled(jobId, null, CreditSettlement.RELEASE);
        });
  }

  private boolean finish(
      ClaimedJob job,
      Ending ending,
      Failure failure,
      CardInsert.NewCard card,
      CreditSettlement settlement) {
    String move = ending == Ending.SUCCEEDED ? SUCCEED : FAIL_OWNED;
    if (job.batchId() == null) {
      return moved(move, card, settlement, job.id(), job, failure, true);
    }
    // The batch's last item, or a job this worker no longer holds: the transaction decides which.
    if (endedNotLast(job, ending, failure, card, settlement)) {
      return true;
    }
    return inTransaction(
        () -> {
          jdbc.sql(RelaxedCommit.FOR_THIS_TRANSACTION).query(String.class).single();
          return moved(move, null, null, job.id(), job, failure, false)
              && countedThenSettled(job.id(), card, settlement);
        });
  }

  /** A batch item counts in its batch before its credit moves: batch lock, then account lock. */
  private boolean countedThenSettled(
      UUID jobId, CardInsert.NewCard card, CreditSettlement settlement) {
    batches.itemFinished(jobId);
    return moved(MOVED, card, settlement, jobId, null, null, false);
  }

  private boolean endedNotLast(
      ClaimedJob job,
      Ending ending,
      Failure failure,
      CardInsert.NewCard card,
      CreditSettlement settlement) {
    StringBuilder sql =
        new StringBuilder("WITH ")
            .append(
                ITEM_NOT_LAST.formatted(HELD, ending.batchCount, ending.assignments, LEASE_ENDED));
    withCardAndCredit(sql, card, settlement)
        .append(" SELECT done.created_at FROM done, ")
        .append(RelaxedCommit.RELATION);
    Optional<Timestamp> created =
        bound(sql.toString(), job.id(), job, failure, card).query(Timestamp.class).optional();
    created.ifPresent(at -> batches.itemEnded(at.toInstant(), clock.instant()));
    return created.isPresent();
  }

  private boolean isRunning(UUID jobId) {
    return jdbc.sql("SELECT state = 'RUNNING' FROM jobs WHERE id = :id")
        .param("id", jobId)
        .query(Boolean.class)
        .optional()
        .orElse(false);
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
      ClaimedJob holder,
      Failure failure,
      boolean relaxed) {
    StringBuilder sql = new StringBuilder("WITH done AS (").append(move).append(')');
    withCardAndCredit(sql, card, settlement).append(" SELECT count(*) FROM done");
    if (relaxed) {
      sql.append(", ").append(RelaxedCommit.RELATION);
    }
    return bound(sql.toString(), jobId, holder, failure, card).query(Long.class).single() == 1;
  }

  /** Appends the card's and the credit's parts, fed from {@code done}, when given. */
  private static StringBuilder withCardAndCredit(
      StringBuilder sql, CardInsert.NewCard card, CreditSettlement settlement) {
    if (card != null) {
      sql.append(", ").append(CardInsert.INSERT_PART);
    }
    if (settlement != null) {
      // With a card, the credit moves after the card is written (see CreditSettlement).
      sql.append(", ").append(settlement.parts(card != null ? "card" : "done"));
    }
    return sql;
  }

  /**
   * @param holder the claim a {@link #HELD} move needs, or null for the moves that take no claim
   */
  private JdbcClient.StatementSpec bound(
      String sql, UUID jobId, ClaimedJob holder, Failure failure, CardInsert.NewCard card) {
    JdbcClient.StatementSpec statement =
        jdbc.sql(sql)
            .param("id", jobId)
            .param("owner", holder == null ? null : holder.owner())
            .param("attempt", holder == null ? null : holder.attempt())
            .param("code", failure == null ? null : failure.code().code())
            .param("detail", failure == null ? null : failure.detail())
            .param("now", Timestamp.from(clock.instant()));
    return card == null ? statement : CardInsert.bind(statement, card);
  }

  private static String owned(Ending ending) {
    return "UPDATE jobs SET %s, %s WHERE id = :id AND %s RETURNING id, account_id"
        .formatted(ending.assignments, LEASE_ENDED, HELD);
  }

  /**
   * Why a job failed: its code, and the client's message when it has more to say than the code's
   * standard text (or null).
   */
  private record Failure(ErrorCode code, String detail) {}

  /** How a job this worker holds ends: its final state, and the batch count it moves. */
  private enum Ending {
    SUCCEEDED("state = 'SUCCEEDED', credit_state = 'CHARGED'", "succeeded"),
    FAILED(
        "state = 'FAILED', credit_state = 'RELEASED', error_code = :code,"
            + " error_detail = CAST(:detail AS text)",
        "failed");

    private final String assignments;
    private final String batchCount;

    Ending(String assignments, String batchCount) {
      this.assignments = assignments;
      this.batchCount = batchCount;
    }
  }
}
