package io.cardgen.worker.job;

import java.sql.Timestamp;
import java.time.Instant;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

/**
 * Claims batch items fairly (ADR 0008): among the accounts with an item queued in a batch in
 * progress, the one with the fewest items running anywhere in the fleet goes first (max-min
 * fairness: a small batch of one account is not queued behind a huge one of another), ties to the
 * account whose oldest open batch came first; within the account, items go in creation order.
 *
 * <p>Several slots are filled by one statement that gives the same items, in the same order, as
 * that many claims of one item each (ADR 0040): an account's n-th queued item would be claimed when
 * the account had {@code running + n - 1} items running, so the items are taken by that number,
 * then by the account's oldest batch, then in the account's order. A feeder refilling many slots at
 * once makes one round trip instead of two per item.
 */
@Repository
class BatchClaims {

  // How many accounts one claim looks at: the ones with the fewest items running. Each costs one
  // indexed look at its queued items; an account's items can all be momentarily locked by other
  // workers' claims, so more than one is tried.
  private static final int ACCOUNTS_TRIED = 8;

  // SKIP LOCKED lets workers claiming at the same moment take different items instead of queueing
  // on one row; the outer state check makes the move conditional like every other job move.
  // Only accounts with an item to claim are ranked: accounts whose items all run would otherwise
  // fill the eight tried and leave the slots idle (one probe of jobs_batch_state per open batch).
  // Only items of a batch in progress are taken: one handed back after its batch was cancelled is
  // the sweeper's to end. That is a boolean subquery per item read, not a join or EXISTS: not
  // knowing that nearly every queued item's batch is in progress, the planner would then sort the
  // account's whole queue instead of reading jobs_batch_queued in order up to the limit. It does
  // not lock the batch row either, which every item's end locks.
  private static final String CLAIM =
      """
      WITH open_accounts AS (
        SELECT account_id, min(created_at) AS oldest FROM batches b
        WHERE status = 'in_progress' GROUP BY account_id
        HAVING bool_or(EXISTS (SELECT 1 FROM jobs w
                               WHERE w.batch_id = b.id AND w.state = 'QUEUED'
                                 AND w.attempts < :maxAttempts))
      ), ranked AS (
        SELECT o.account_id, o.oldest,
               (SELECT count(*) FROM jobs r
                WHERE r.account_id = o.account_id AND r.state = 'RUNNING'
                  AND r.batch_id IS NOT NULL) AS running
        FROM open_accounts o
        ORDER BY running, o.oldest
        LIMIT :accounts
      ), candidates AS (
        SELECT q.id, r.oldest,
               r.running + row_number() OVER (PARTITION BY r.account_id
                                              ORDER BY q.created_at, q.batch_id, q.item_line) AS turn,
               row_number() OVER (PARTITION BY r.account_id
                                  ORDER BY q.created_at, q.batch_id, q.item_line) AS place
        FROM ranked r CROSS JOIN LATERAL (
          SELECT id, created_at, batch_id, item_line FROM jobs
          WHERE account_id = r.account_id AND state = 'QUEUED' AND batch_id IS NOT NULL
            AND attempts < :maxAttempts
            AND (SELECT b.status = 'in_progress' FROM batches b WHERE b.id = jobs.batch_id)
          ORDER BY created_at, batch_id, item_line
          LIMIT :items
          FOR UPDATE SKIP LOCKED
        ) q
      ), picked AS (
        SELECT id, turn, oldest, place FROM candidates ORDER BY turn, oldest, place LIMIT :items
      )
      UPDATE jobs j
      SET state = 'RUNNING', lease_owner = :owner, lease_until = :leaseUntil,
          attempts = j.attempts + 1, updated_at = :now
      FROM picked
      WHERE j.id = picked.id AND j.state = 'QUEUED'
      RETURNING j.id, j.account_id, j.attempts, j.spec::text AS spec, j.batch_id,
                picked.turn, picked.oldest, picked.place
      """;

  private record Claimed(ClaimedJob job, long turn, Timestamp oldest, long place) {}

  private static final Comparator<Claimed> CLAIM_ORDER =
      Comparator.comparingLong(Claimed::turn)
          .thenComparing(Claimed::oldest)
          .thenComparingLong(Claimed::place);

  private final JdbcClient jdbc;

  BatchClaims(JdbcClient jdbc) {
    this.jdbc = jdbc;
  }

  Optional<ClaimedJob> claimNext(String owner, Instant now, Instant leaseUntil, int maxAttempts) {
    return claimUpTo(1, owner, now, leaseUntil, maxAttempts).stream().findFirst();
  }

  /** Up to {@code items} items, in the order that many single claims would have taken them. */
  List<ClaimedJob> claimUpTo(
      int items, String owner, Instant now, Instant leaseUntil, int maxAttempts) {
    return jdbc
        .sql(CLAIM)
        .param("accounts", ACCOUNTS_TRIED)
        .param("items", items)
        .param("maxAttempts", maxAttempts)
        .param("owner", owner)
        .param("leaseUntil", Timestamp.from(leaseUntil))
        .param("now", Timestamp.from(now))
        .query(
            (row, rowNumber) ->
                new Claimed(
                    ClaimedJob.of(row, owner),
                    row.getLong("turn"),
                    row.getTimestamp("oldest"),
                    row.getLong("place")))
        .list()
        .stream()
        .sorted(CLAIM_ORDER)
        .map(Claimed::job)
        .toList();
  }
}
