package io.cardgen.gateway.testing;

import java.sql.Timestamp;
import java.time.Instant;
import java.util.UUID;
import org.springframework.jdbc.core.simple.JdbcClient;

/**
 * Builds accounts and jobs with their credit moves exactly as the gateway (credit, reserve) and the
 * worker (charge with the card, or release) leave them, so audits of these books come out clean.
 */
public final class Books {

  /** The tables these books write, for {@code TestDatabase.truncate} between tests. */
  public static final String[] TABLES = {
    "accounts",
    "jobs",
    "cards",
    "credit_ledger",
    "ledger_totals",
    "ledger_checkpoint",
    "photo_removals"
  };

  private final JdbcClient jdbc;

  public Books(JdbcClient jdbc) {
    this.jdbc = jdbc;
  }

  public UUID anAccountWithCredits(long credits) {
    UUID id = UUID.randomUUID();
    jdbc.sql(
            """
            INSERT INTO accounts (id, name, api_key_hash, balance)
            VALUES (:id, 'books', :hash, :credits)
            """)
        .param("id", id)
        .param("hash", "hash-" + id)
        .param("credits", credits)
        .update();
    ledger(id, null, "CREDIT", credits);
    return id;
  }

  /** A job accepted at {@code createdAt}: queued, one credit reserved. */
  public UUID aQueuedJob(UUID account, String key, Instant createdAt) {
    UUID id = UUID.randomUUID();
    jdbc.sql(
            """
            INSERT INTO jobs (id, account_id, idempotency_key, fingerprint, spec, state,
                              credit_state, created_at, updated_at)
            VALUES (:id, :account, :key, 'fp', CAST('{}' AS jsonb), 'QUEUED', 'RESERVED',
                    :at, :at)
            """)
        .param("id", id)
        .param("account", account)
        .param("key", key)
        .param("at", Timestamp.from(createdAt))
        .update();
    jdbc.sql("UPDATE accounts SET reserved = reserved + 1 WHERE id = :id")
        .param("id", account)
        .update();
    ledger(account, id, "RESERVE", 1);
    return id;
  }

  /** A job that ended with a card at {@code finishedAt}, its credit charged. */
  public UUID aSucceededJob(UUID account, String key, Instant finishedAt) {
    UUID id = aQueuedJob(account, key, finishedAt.minusSeconds(10));
    finish(id, "SUCCEEDED", "CHARGED", finishedAt);
    jdbc.sql("UPDATE accounts SET balance = balance - 1, reserved = reserved - 1 WHERE id = :id")
        .param("id", account)
        .update();
    ledger(account, id, "CHARGE", 1);
    aCardFor(account, id, finishedAt);
    return id;
  }

  /**
   * Gives the job's spec these photos, as the gateway writes them: {@code [{source, location}]}.
   */
  public void withPhotos(UUID job, String photosJson) {
    jdbc.sql(
            "UPDATE jobs SET spec = jsonb_set(spec, '{photos}', CAST(:photos AS jsonb)) WHERE id = :id")
        .param("photos", photosJson)
        .param("id", job)
        .update();
  }

  /** A job that failed at {@code finishedAt}, its credit released. */
  public UUID aFailedJob(UUID account, String key, Instant finishedAt) {
    UUID id = aQueuedJob(account, key, finishedAt.minusSeconds(10));
    finish(id, "FAILED", "RELEASED", finishedAt);
    jdbc.sql("UPDATE accounts SET reserved = reserved - 1 WHERE id = :id")
        .param("id", account)
        .update();
    ledger(account, id, "RELEASE", 1);
    return id;
  }

  public UUID aCardFor(UUID account, UUID job, Instant createdAt) {
    UUID uid = UUID.randomUUID();
    jdbc.sql(
            """
            INSERT INTO cards (uid, job_id, account_id, style, description, images,
                               prompt_version, created_at)
            VALUES (:uid, :job, :account, 'standard', 'Описание', CAST('[]' AS jsonb), 'v1', :at)
            """)
        .param("uid", uid)
        .param("job", job)
        .param("account", account)
        .param("at", Timestamp.from(createdAt))
        .update();
    return uid;
  }

  /** A top-up the admin API made under {@code key} at {@code at}: credited, its key recorded. */
  public void aKeyedTopUp(UUID account, String key, long amount, Instant at) {
    jdbc.sql("UPDATE accounts SET balance = balance + :amount WHERE id = :id")
        .param("amount", amount)
        .param("id", account)
        .update();
    ledger(account, null, "CREDIT", amount);
    jdbc.sql(
            """
            INSERT INTO admin_credit_grants (idempotency_key, account_id, amount, created_at)
            VALUES (:key, :account, :amount, :at)
            """)
        .param("key", key)
        .param("account", account)
        .param("amount", amount)
        .param("at", Timestamp.from(at))
        .update();
  }

  public boolean topUpKeyExists(String key) {
    return jdbc.sql("SELECT count(*) FROM admin_credit_grants WHERE idempotency_key = :key")
            .param("key", key)
            .query(Long.class)
            .single()
        == 1;
  }

  public void ledger(UUID account, UUID job, String kind, long amount) {
    jdbc.sql(
            """
            INSERT INTO credit_ledger (account_id, job_id, kind, amount)
            VALUES (:account, :job, :kind, :amount)
            """)
        .param("account", account)
        .param("job", job)
        .param("kind", kind)
        .param("amount", amount)
        .update();
  }

  public boolean jobExists(UUID job) {
    return jdbc.sql("SELECT count(*) FROM jobs WHERE id = :id")
            .param("id", job)
            .query(Long.class)
            .single()
        == 1;
  }

  public long cardsOf(UUID job) {
    return jdbc.sql("SELECT count(*) FROM cards WHERE job_id = :job")
        .param("job", job)
        .query(Long.class)
        .single();
  }

  public long ledgerRowsOf(UUID job) {
    return jdbc.sql("SELECT count(*) FROM credit_ledger WHERE job_id = :job")
        .param("job", job)
        .query(Long.class)
        .single();
  }

  private void finish(UUID job, String state, String creditState, Instant at) {
    jdbc.sql(
            """
            UPDATE jobs SET state = :state, credit_state = :credit, finished_at = :at,
                            updated_at = :at, error_code = CASE WHEN :state = 'FAILED'
                                                               THEN 'generation_failed' END
            WHERE id = :id
            """)
        .param("state", state)
        .param("credit", creditState)
        .param("at", Timestamp.from(at))
        .param("id", job)
        .update();
  }
}
