package io.cardgen.gateway.job;

import io.cardgen.common.error.ErrorCode;
import io.cardgen.common.wire.JobState;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Instant;
import java.util.Optional;
import java.util.UUID;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

@Repository
class JobRepository {

  private static final String INSERT =
      """
      INSERT INTO jobs (id, account_id, idempotency_key, fingerprint, spec, state, credit_state,
                        created_at, updated_at)
      VALUES (:id, :account, :key, :fingerprint, CAST(:spec AS jsonb), 'QUEUED', 'RESERVED',
              :now, :now)
      ON CONFLICT (account_id, idempotency_key) DO NOTHING
      """;
  private static final String SELECT =
      """
      SELECT j.id, j.fingerprint, j.state, j.error_code,
             c.uid, c.created_at AS card_created_at, c.style, c.description, c.features,
             c.audience, c.headers, c.slogans, c.images, c.deleted_at
      FROM jobs j LEFT JOIN cards c ON c.job_id = j.id
      """;
  private final JdbcClient jdbc;

  JobRepository(JdbcClient jdbc) {
    this.jdbc = jdbc;
  }

  /** Inserts a queued job; false when the account already used this key. */
  boolean insertQueued(NewJob job, Instant now) {
    return jdbc.sql(INSERT)
            .param("id", job.id())
            .param("account", job.accountId())
            .param("key", job.idempotencyKey())
            .param("fingerprint", job.fingerprint())
            .param("spec", job.specJson())
            .param("now", Timestamp.from(now))
            .update()
        == 1;
  }

  Optional<JobSnapshot> findByKey(UUID accountId, String key) {
    return jdbc.sql(SELECT + " WHERE j.account_id = :account AND j.idempotency_key = :key")
        .param("account", accountId)
        .param("key", key)
        .query(JobRepository::map)
        .optional();
  }

  Optional<JobSnapshot> findById(UUID id) {
    return jdbc.sql(SELECT + " WHERE j.id = :id")
        .param("id", id)
        .query(JobRepository::map)
        .optional();
  }

  private static JobSnapshot map(ResultSet row, int rowNumber) throws SQLException {
    String errorCode = row.getString("error_code");
    return new JobSnapshot(
        row.getObject("id", UUID.class),
        row.getString("fingerprint"),
        JobState.valueOf(row.getString("state")),
        errorCode == null
            ? null
            : ErrorCode.fromCode(errorCode).orElse(ErrorCode.GENERATION_FAILED),
        row.getObject("uid") == null ? null : StoredCard.read(row));
  }
}
