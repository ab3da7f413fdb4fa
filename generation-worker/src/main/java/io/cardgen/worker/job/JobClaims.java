package io.cardgen.worker.job;

import io.cardgen.common.db.RelaxedCommit;
import java.sql.Timestamp;
import java.time.Instant;
import java.util.Optional;
import java.util.UUID;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

/**
 * Claims and gives back jobs. A claim is one conditional UPDATE: of two workers racing for a job,
 * the row lock lets one through and the other finds the state already changed.
 */
@Repository
class JobClaims {

  // A RUNNING job whose lease has run out may be taken over directly: its worker is gone or late,
  // and the late one can no longer finish because every finishing move checks the owner.
  // A claim lost in a crash of PostgreSQL costs a model call at most: the completion checks the
  // owner, so the job runs again. Its commit does not wait for the disk (RelaxedCommit).
  private static final String CLAIM =
      """
      UPDATE jobs
      SET state = 'RUNNING', lease_owner = :owner, lease_until = :leaseUntil,
          attempts = attempts + 1, updated_at = :now
      FROM %s
      WHERE id = :id
        AND attempts < :maxAttempts
        AND (state = 'QUEUED' OR (state = 'RUNNING' AND lease_until < :now))
      RETURNING id, account_id, attempts, spec::text AS spec, batch_id
      """
          .formatted(RelaxedCommit.RELATION);
  private static final String REQUEUE =
      """
      UPDATE jobs
      SET state = 'QUEUED', lease_owner = NULL, lease_until = NULL, published_at = NULL,
          updated_at = :now
      WHERE id = :id AND state = 'RUNNING' AND lease_owner = :owner AND attempts = :attempt
      """;

  private final JdbcClient jdbc;

  JobClaims(JdbcClient jdbc) {
    this.jdbc = jdbc;
  }

  Optional<ClaimedJob> claim(
      UUID jobId, String owner, Instant now, Instant leaseUntil, int maxAttempts) {
    return jdbc.sql(CLAIM)
        .param("id", jobId)
        .param("owner", owner)
        .param("leaseUntil", Timestamp.from(leaseUntil))
        .param("now", Timestamp.from(now))
        .param("maxAttempts", maxAttempts)
        .query((row, rowNumber) -> ClaimedJob.of(row, owner))
        .optional();
  }

  /**
   * Gives a job back after an unexpected error, for the sweeper to publish again. Only this
   * attempt's claim: the owner is the worker process, which may hold a later attempt of the same
   * job once this one's lease ran out.
   */
  boolean requeue(ClaimedJob job, Instant now) {
    return jdbc.sql(REQUEUE)
            .param("id", job.id())
            .param("owner", job.owner())
            .param("attempt", job.attempt())
            .param("now", Timestamp.from(now))
            .update()
        == 1;
  }
}
