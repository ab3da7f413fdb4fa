package io.cardgen.gateway.job;

import io.cardgen.common.db.DurabilityBarrier;
import io.cardgen.common.db.RelaxedCommit;
import io.cardgen.common.error.ErrorCode;
import io.cardgen.common.wire.JobState;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Instant;
import java.util.Optional;
import java.util.UUID;
import org.postgresql.util.PSQLException;
import org.springframework.dao.DataIntegrityViolationException;
import org.springframework.dao.DuplicateKeyException;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

@Repository
class JobRepository {

  // One statement, so PostgreSQL commits it on its own: the account row, which every request of an
  // account updates, stays locked for the statement's server time only, never across a round trip
  // to this JVM (under load that round trip is what made requests of one account queue, ADR 0018).
  // And within the statement the account row comes last (ADR 0023): the job and its ledger row are
  // written first, each step reading the one before, so the row lock that serialises an account's
  // requests covers one UPDATE and the commit, not the job's insert. The job is only written when
  // the account has a free credit; should a racing request take it meanwhile, the UPDATE breaks
  // the account's reserved <= balance CHECK and the whole statement, job included, rolls back. A
  // key already taken fails the insert the same way. Its commit does not wait for the disk
  // (RelaxedCommit): until the card's completion, which does, no caller has been promised anything
  // on it, and a reservation lost in a crash of PostgreSQL takes its job with it.
  private static final String INSERT_RESERVING =
      """
      WITH job AS (
        INSERT INTO jobs (id, account_id, idempotency_key, fingerprint, spec, state, credit_state,
                          created_at, updated_at)
        SELECT :id, id, :key, :fingerprint, CAST(:spec AS jsonb), 'QUEUED', 'RESERVED', :now, :now
        FROM accounts, %s WHERE id = :account AND balance - reserved >= 1
        RETURNING id, account_id
      ), ledger AS (
        INSERT INTO credit_ledger (account_id, job_id, kind, amount)
        SELECT account_id, id, 'RESERVE', 1 FROM job
        RETURNING account_id
      ), reserved AS (
        UPDATE accounts SET reserved = reserved + 1
        WHERE id IN (SELECT account_id FROM ledger)
        RETURNING id
      )
      SELECT count(*) FROM reserved
      """
          .formatted(RelaxedCommit.RELATION);
  private static final String NO_FREE_CREDIT = "accounts_reserved_within_balance";
  private static final String SELECT =
      """
      SELECT j.id, j.fingerprint, j.state, j.error_code, j.error_detail,
             c.uid, c.created_at AS card_created_at, c.style, c.description, c.features,
             c.audience, c.headers, c.slogans, c.images, c.deleted_at
      FROM jobs j LEFT JOIN cards c ON c.job_id = j.id
      """;
  private final JdbcClient jdbc;

  JobRepository(JdbcClient jdbc) {
    this.jdbc = jdbc;
  }

  /** What recording a new job came to. */
  enum Recording {
    RECORDED,
    KEY_TAKEN,
    NO_CREDIT
  }

  /** Inserts a queued job holding one reserved credit, all or nothing, in its own transaction. */
  Recording insertReserving(NewJob job, Instant now) {
    try {
      long recorded =
          jdbc.sql(INSERT_RESERVING)
              .param("id", job.id())
              .param("account", job.accountId())
              .param("key", job.idempotencyKey())
              .param("fingerprint", job.fingerprint())
              .param("spec", job.specJson())
              .param("now", Timestamp.from(now))
              .query(Long.class)
              .single();
      return recorded == 1 ? Recording.RECORDED : Recording.NO_CREDIT;
    } catch (DuplicateKeyException keyTaken) {
      return Recording.KEY_TAKEN;
    } catch (DataIntegrityViolationException violation) {
      if (brokeConstraint(violation, NO_FREE_CREDIT)) {
        return Recording.NO_CREDIT;
      }
      throw violation;
    }
  }

  private static boolean brokeConstraint(DataIntegrityViolationException violation, String name) {
    return violation.getMostSpecificCause() instanceof PSQLException postgres
        && postgres.getServerErrorMessage() != null
        && name.equals(postgres.getServerErrorMessage().getConstraint());
  }

  /**
   * Returns once every commit made so far is on disk: a worker commits a job's end without waiting
   * for it and waits afterwards, so a finished job read before the worker's reply may not be on
   * disk yet (ADR 0033).
   */
  void awaitDurable() {
    jdbc.sql(DurabilityBarrier.STATEMENT).query(Long.class).single();
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
        row.getString("error_detail"),
        row.getObject("uid") == null ? null : StoredCard.read(row));
  }
}
