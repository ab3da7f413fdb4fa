package io.cardgen.worker.job;

import java.sql.Timestamp;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

/**
 * Claims the next batch item fairly (ADR 0008): among the accounts with a batch in progress, the
 * one with the fewest items running anywhere in the fleet goes first (max-min fairness: a small
 * batch of one account is not queued behind a huge one of another), ties to the account whose
 * oldest open batch came first; within the account, items go in creation order.
 */
@Repository
class BatchClaims {

  // How many accounts one claim tries before giving up: each try is one cheap indexed UPDATE, and
  // an account's items can all be momentarily locked by other workers' claims.
  private static final int ACCOUNTS_TRIED = 8;

  private static final String ACCOUNTS_BY_SHARE =
      """
      SELECT w.account_id
      FROM (SELECT account_id, min(created_at) AS oldest FROM batches
            WHERE status = 'in_progress' GROUP BY account_id) w
      ORDER BY (SELECT count(*) FROM jobs r
                WHERE r.account_id = w.account_id AND r.state = 'RUNNING'
                  AND r.batch_id IS NOT NULL),
               w.oldest
      LIMIT :accounts
      """;
  // SKIP LOCKED lets workers claiming at the same moment take different items instead of queueing
  // on one row; the outer state check makes the move conditional like every other job move.
  private static final String CLAIM_FOR_ACCOUNT =
      """
      UPDATE jobs
      SET state = 'RUNNING', lease_owner = :owner, lease_until = :leaseUntil,
          attempts = attempts + 1, updated_at = :now
      WHERE id = (SELECT id FROM jobs
                  WHERE account_id = :account AND state = 'QUEUED' AND batch_id IS NOT NULL
                    AND attempts < :maxAttempts
                  ORDER BY created_at, batch_id, item_line
                  LIMIT 1 FOR UPDATE SKIP LOCKED)
        AND state = 'QUEUED'
      RETURNING id, account_id, attempts, spec::text AS spec, batch_id
      """;

  private final JdbcClient jdbc;

  BatchClaims(JdbcClient jdbc) {
    this.jdbc = jdbc;
  }

  Optional<ClaimedJob> claimNext(String owner, Instant now, Instant leaseUntil, int maxAttempts) {
    List<UUID> accounts =
        jdbc.sql(ACCOUNTS_BY_SHARE).param("accounts", ACCOUNTS_TRIED).query(UUID.class).list();
    for (UUID account : accounts) {
      Optional<ClaimedJob> claimed =
          jdbc.sql(CLAIM_FOR_ACCOUNT)
              .param("account", account)
              .param("owner", owner)
              .param("leaseUntil", Timestamp.from(leaseUntil))
              .param("now", Timestamp.from(now))
              .param("maxAttempts", maxAttempts)
              .query((row, rowNumber) -> ClaimedJob.of(row, owner))
              .optional();
      if (claimed.isPresent()) {
        return claimed;
      }
    }
    return Optional.empty();
  }
}
