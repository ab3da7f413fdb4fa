package io.cardgen.gateway.batch;

import io.cardgen.common.batch.BatchObject;
import java.sql.Timestamp;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import org.springframework.jdbc.core.namedparam.MapSqlParameterSource;
import org.springframework.jdbc.core.namedparam.NamedParameterJdbcTemplate;
import org.springframework.jdbc.core.namedparam.SqlParameterSource;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

/** Batches and their items in PostgreSQL; every read is scoped to the calling account. */
@Repository
class BatchStore {

  /** A batch as recorded under an idempotency key. */
  record Keyed(UUID id, String fingerprint) {}

  /** A batch about to be recorded. */
  record NewBatch(
      UUID id,
      UUID accountId,
      String idempotencyKey,
      String fingerprint,
      int total,
      String metadataJson,
      String webhookUrl,
      Instant createdAt) {}

  private static final String INSERT =
      """
      INSERT INTO batches (id, account_id, idempotency_key, fingerprint, status, total, metadata,
                           webhook_url, created_at)
      VALUES (:id, :account, :key, :fingerprint, 'in_progress', :total, CAST(:metadata AS jsonb),
              :webhookUrl, :createdAt)
      ON CONFLICT (account_id, idempotency_key) DO NOTHING
      """;
  // Items are jobs like any other, in the same key space: "batch/<id>/<line>" contains "/", which
  // a client's Idempotency-Key cannot, so no synchronous request ever replays a batch item.
  private static final String INSERT_ITEM =
      """
      INSERT INTO jobs (id, account_id, idempotency_key, fingerprint, spec, state, credit_state,
                        created_at, updated_at, batch_id, custom_id, item_line)
      VALUES (:id, :account, :key, :fingerprint, CAST(:spec AS jsonb), 'QUEUED', 'RESERVED',
              :createdAt, :createdAt, :batch, :customId, :line)
      """;
  // All credits in one conditional move: the row lock serialises racing batches and requests, and
  // each re-checks what is left, so the balance cannot be overdrawn.
  private static final String RESERVE =
      """
      UPDATE accounts SET reserved = reserved + :count
      WHERE id = :account AND balance - reserved >= :count
      """;
  private static final String RECORD_RESERVATIONS =
      """
      INSERT INTO credit_ledger (account_id, job_id, kind, amount)
      SELECT account_id, id, 'RESERVE', 1 FROM jobs WHERE batch_id = :batch
      """;
  private static final String BY_KEY =
      """
      SELECT id, fingerprint FROM batches WHERE account_id = :account AND idempotency_key = :key
      """;
  // A batch retention has begun to remove (its {@code removing} flag) is gone for its account: its
  // items are partly deleted already. The key lookup above still sees it, so that a retry of its
  // creation is told the key frees up soon (KeyExpired) instead of storing a new batch's photos.
  private static final String OWNED =
      " WHERE b.id = :id AND b.account_id = :account AND NOT b.removing";
  private static final String PAGE =
      """
       WHERE b.account_id = :account AND NOT b.removing
         AND (CAST(:afterId AS uuid) IS NULL OR (b.created_at, b.id) <
              (COALESCE(CAST(:afterAt AS timestamptz),
                        (SELECT a.created_at FROM batches a
                         WHERE a.id = CAST(:afterId AS uuid) AND a.account_id = :account)),
               CAST(:afterId AS uuid)))
       ORDER BY b.created_at DESC, b.id DESC
       LIMIT :limit
      """;
  private static final String EXISTS =
      "SELECT count(*) FROM batches WHERE id = :id AND account_id = :account AND NOT removing";
  private static final String OWNER =
      "SELECT account_id FROM batches WHERE id = :id AND NOT removing";
  private static final int INSERT_CHUNK = 1000;

  private final JdbcClient jdbc;
  private final NamedParameterJdbcTemplate named;

  BatchStore(JdbcClient jdbc, NamedParameterJdbcTemplate named) {
    this.jdbc = jdbc;
    this.named = named;
  }

  /** Records the batch row; false when the account already used the key. */
  boolean insert(NewBatch batch) {
    return jdbc.sql(INSERT)
            .param("id", batch.id())
            .param("account", batch.accountId())
            .param("key", batch.idempotencyKey())
            .param("fingerprint", batch.fingerprint())
            .param("total", batch.total())
            .param("metadata", batch.metadataJson())
            .param("webhookUrl", batch.webhookUrl())
            .param("createdAt", Timestamp.from(batch.createdAt()))
            .update()
        == 1;
  }

  /**
   * The current transaction's id, assigned now (PostgreSQL 13+), so that whether it committed can
   * be asked afterwards even if its commit's answer is lost.
   */
  String transactionId() {
    return jdbc.sql("SELECT pg_current_xact_id()::text").query(String.class).single();
  }

  /**
   * {@code committed}, {@code aborted} or {@code in progress} (a commit PostgreSQL is still
   * finishing, say while it waits for the disk); empty when it no longer knows the transaction.
   */
  Optional<String> transactionStatus(String transactionId) {
    List<String> status =
        jdbc.sql("SELECT pg_xact_status(CAST(:id AS xid8))")
            .param("id", transactionId)
            .query(String.class)
            .list();
    return status.isEmpty() ? Optional.empty() : Optional.ofNullable(status.get(0));
  }

  boolean reserve(UUID account, int count) {
    return jdbc.sql(RESERVE).param("account", account).param("count", count).update() == 1;
  }

  /** Inserts the items in chunks, then one RESERVE ledger row per item. */
  void insertItems(NewBatch batch, List<ItemIntake.NewItem> items) {
    Timestamp createdAt = Timestamp.from(batch.createdAt());
    for (int from = 0; from < items.size(); from += INSERT_CHUNK) {
      List<ItemIntake.NewItem> chunk =
          items.subList(from, Math.min(items.size(), from + INSERT_CHUNK));
      SqlParameterSource[] rows =
          chunk.stream()
              .map(
                  item ->
                      new MapSqlParameterSource()
                          .addValue("id", item.jobId())
                          .addValue("account", batch.accountId())
                          .addValue("key", "batch/" + batch.id() + "/" + item.line())
                          .addValue("fingerprint", batch.fingerprint())
                          .addValue("spec", item.specJson())
                          .addValue("createdAt", createdAt)
                          .addValue("batch", batch.id())
                          .addValue("customId", item.customId())
                          .addValue("line", item.line()))
              .toArray(SqlParameterSource[]::new);
      named.batchUpdate(INSERT_ITEM, rows);
    }
    jdbc.sql(RECORD_RESERVATIONS).param("batch", batch.id()).update();
  }

  Optional<Keyed> findByKey(UUID account, String key) {
    return jdbc.sql(BY_KEY)
        .param("account", account)
        .param("key", key)
        .query(Keyed.class)
        .optional();
  }

  Optional<BatchObject> find(UUID account, UUID id) {
    return jdbc.sql(BatchObject.SELECT + OWNED)
        .param("id", id)
        .param("account", account)
        .query(BatchObject::map)
        .optional();
  }

  boolean exists(UUID account, UUID id) {
    return jdbc.sql(EXISTS).param("id", id).param("account", account).query(Long.class).single()
        == 1;
  }

  /**
   * The account a batch belongs to, for the operator's calls, which name a batch without its
   * account; empty for an unknown batch or one retention is removing, as for its account.
   */
  Optional<UUID> owner(UUID id) {
    return jdbc.sql(OWNER).param("id", id).query(UUID.class).optional();
  }

  /** The account's batches after {@code after} (null: from the newest), newest first. */
  List<BatchObject> page(UUID account, ListCursor after, int limit) {
    return jdbc.sql(BatchObject.SELECT + PAGE)
        .param("account", account)
        .param("afterId", after == null ? null : after.batch().toString())
        .param(
            "afterAt",
            after == null || after.createdAt() == null
                ? null
                : OffsetDateTime.ofInstant(after.createdAt(), ZoneOffset.UTC))
        .param("limit", limit)
        .query(BatchObject::map)
        .list();
  }
}
