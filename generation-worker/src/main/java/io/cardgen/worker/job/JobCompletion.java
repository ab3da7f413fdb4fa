package io.cardgen.worker.job;

import io.cardgen.common.error.ErrorCode;
import io.cardgen.worker.batch.BatchProgress;
import io.cardgen.worker.card.CardRepository;
import io.cardgen.worker.credit.CreditSettlement;
import java.sql.Timestamp;
import java.time.Clock;
import java.util.UUID;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Component;
import org.springframework.transaction.annotation.Transactional;

/**
 * The final moves of a job, each one transaction: card + SUCCEEDED + charge, or FAILED + release.
 * Each starts with a conditional UPDATE on the job; if it matches no row (the lease was taken over,
 * or the job already finished), nothing else is written and the caller learns it lost. A batch item
 * also moves its batch forward in the same transaction.
 */
@Component
class JobCompletion {

  private static final String SUCCEED =
      """
      UPDATE jobs
      SET state = 'SUCCEEDED', credit_state = 'CHARGED', lease_owner = NULL, lease_until = NULL,
          finished_by = :owner, finished_at = :now, updated_at = :now
      WHERE id = :id AND state = 'RUNNING' AND lease_owner = :owner AND credit_state = 'RESERVED'
      """;
  private static final String FAIL_OWNED =
      """
      UPDATE jobs
      SET state = 'FAILED', credit_state = 'RELEASED', error_code = :code, lease_owner = NULL,
          lease_until = NULL, finished_by = :owner, finished_at = :now, updated_at = :now
      WHERE id = :id AND state = 'RUNNING' AND lease_owner = :owner AND credit_state = 'RESERVED'
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
      RETURNING account_id
      """;

  private static final String LOCK_BATCH_OF =
      """
      SELECT b.id FROM batches b
      WHERE b.id = (SELECT batch_id FROM jobs WHERE id = :id)
      FOR UPDATE OF b
      """;

  private final JdbcClient jdbc;
  private final CreditSettlement credits;
  private final CardRepository cards;
  private final BatchProgress batches;
  private final Clock clock;

  JobCompletion(
      JdbcClient jdbc,
      CreditSettlement credits,
      CardRepository cards,
      BatchProgress batches,
      Clock clock) {
    this.jdbc = jdbc;
    this.credits = credits;
    this.cards = cards;
    this.batches = batches;
    this.clock = clock;
  }

  @Transactional
  public boolean succeed(ClaimedJob job, CardRepository.NewCard card) {
    if (update(SUCCEED, job, null) != 1) {
      return false;
    }
    countIfBatchItem(job);
    credits.charge(job.accountId(), job.id());
    cards.insert(card);
    return true;
  }

  @Transactional
  public boolean fail(ClaimedJob job, ErrorCode code) {
    if (update(FAIL_OWNED, job, code) != 1) {
      return false;
    }
    countIfBatchItem(job);
    credits.release(job.accountId(), job.id());
    return true;
  }

  /**
   * A synchronous card skips the batch bookkeeping: one statement less on the hot path. A batch
   * item counts before its credit moves, so locks are taken in the order a cancel takes them
   * (batch, then account); the other order can deadlock with a cancel of the same account's batch.
   */
  private void countIfBatchItem(ClaimedJob job) {
    if (job.batchId() != null) {
      batches.itemFinished(job.id());
    }
  }

  @Transactional
  public boolean failAbandoned(UUID jobId, ErrorCode code) {
    // A queued batch item is also what a cancel locks after its batch: lock the batch first too.
    jdbc.sql(LOCK_BATCH_OF).param("id", jobId).query(UUID.class).optional();
    return jdbc.sql(FAIL_ABANDONED)
        .param("id", jobId)
        .param("code", code.code())
        .param("now", Timestamp.from(clock.instant()))
        .query(UUID.class)
        .optional()
        .map(
            account -> {
              batches.itemFinished(jobId);
              credits.release(account, jobId);
              return true;
            })
        .orElse(false);
  }

  private int update(String sql, ClaimedJob job, ErrorCode code) {
    return jdbc.sql(sql)
        .param("id", job.id())
        .param("owner", job.owner())
        .param("code", code == null ? null : code.code())
        .param("now", Timestamp.from(clock.instant()))
        .update();
  }
}
