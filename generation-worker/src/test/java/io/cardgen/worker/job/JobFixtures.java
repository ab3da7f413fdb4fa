package io.cardgen.worker.job;

import io.cardgen.common.request.Creativity;
import io.cardgen.common.request.Style;
import io.cardgen.common.wire.CardSpec;
import io.cardgen.common.wire.WireJson;
import java.sql.Timestamp;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.springframework.jdbc.core.simple.JdbcClient;

/** Builds accounts and queued jobs with their credit reserved, the way the gateway leaves them. */
class JobFixtures {

  private final JdbcClient jdbc;

  JobFixtures(JdbcClient jdbc) {
    this.jdbc = jdbc;
  }

  UUID anAccountWithCredits(long credits) {
    UUID id = UUID.randomUUID();
    jdbc.sql(
            "INSERT INTO accounts (id, name, api_key_hash, balance) VALUES (:id, 'test', :hash, :balance)")
        .param("id", id)
        .param("hash", "hash-" + id)
        .param("balance", credits)
        .update();
    return id;
  }

  /** A worker's settings at their defaults, with {@code maxInFlight} slots. */
  static WorkerProperties workerProperties(int maxInFlight, String workerId) {
    return new WorkerProperties(
        maxInFlight,
        1,
        10,
        Duration.ofSeconds(120),
        Duration.ofSeconds(10),
        3,
        Duration.ofSeconds(5),
        Duration.ofSeconds(5),
        Duration.ofSeconds(60),
        workerId);
  }

  static CardSpec aSpec() {
    return new CardSpec(
        Style.STANDARD,
        "Кружка",
        Map.of(),
        300,
        3,
        true,
        0,
        0,
        Creativity.MIDDLE,
        List.of(),
        List.of());
  }

  /** A queued job whose credit the gateway has reserved, as one transaction would leave it. */
  UUID aQueuedJob(UUID account, Instant now) {
    return aQueuedJob(account, now, aSpec());
  }

  /** Like {@link #aQueuedJob(UUID, Instant)}, with this spec (photos, say). */
  UUID aQueuedJob(UUID account, Instant now, CardSpec spec) {
    UUID id = UUID.randomUUID();
    jdbc.sql(
            """
            INSERT INTO jobs (id, account_id, idempotency_key, fingerprint, spec, state, credit_state,
                              created_at, updated_at)
            VALUES (:id, :account, :key, 'fp', CAST(:spec AS jsonb), 'QUEUED', 'RESERVED', :now, :now)
            """)
        .param("id", id)
        .param("account", account)
        .param("key", "key-" + id)
        .param("spec", WireJson.write(spec))
        .param("now", Timestamp.from(now))
        .update();
    jdbc.sql("UPDATE accounts SET reserved = reserved + 1 WHERE id = :id")
        .param("id", account)
        .update();
    jdbc.sql(
            "INSERT INTO credit_ledger (account_id, job_id, kind, amount) VALUES (:a, :j, 'RESERVE', 1)")
        .param("a", account)
        .param("j", id)
        .update();
    return id;
  }

  /** A batch in progress of {@code items} queued items, in item order; returns the item ids. */
  java.util.List<UUID> aBatch(UUID account, int items, String webhookUrl, Instant createdAt) {
    UUID batch = UUID.randomUUID();
    jdbc.sql(
            """
            INSERT INTO batches (id, account_id, fingerprint, status, total, metadata, webhook_url,
                                 created_at)
            VALUES (:id, :account, 'fp', 'in_progress', :total, '{}', :url, :now)
            """)
        .param("id", batch)
        .param("account", account)
        .param("total", items)
        .param("url", webhookUrl)
        .param("now", Timestamp.from(createdAt))
        .update();
    java.util.List<UUID> ids = new java.util.ArrayList<>();
    for (int line = 1; line <= items; line++) {
      UUID job = aQueuedJob(account, createdAt);
      jdbc.sql(
              """
              UPDATE jobs SET batch_id = :batch, custom_id = :customId, item_line = :line
              WHERE id = :id
              """)
          .param("batch", batch)
          .param("customId", "sku-" + line)
          .param("line", line)
          .param("id", job)
          .update();
      ids.add(job);
    }
    return ids;
  }

  long balance(UUID account) {
    return jdbc.sql("SELECT balance FROM accounts WHERE id = :id")
        .param("id", account)
        .query(Long.class)
        .single();
  }

  long reserved(UUID account) {
    return jdbc.sql("SELECT reserved FROM accounts WHERE id = :id")
        .param("id", account)
        .query(Long.class)
        .single();
  }

  int ledgerEntries(UUID job, String kind) {
    return jdbc.sql("SELECT count(*) FROM credit_ledger WHERE job_id = :job AND kind = :kind")
        .param("job", job)
        .param("kind", kind)
        .query(Integer.class)
        .single();
  }

  int cards(UUID job) {
    return jdbc.sql("SELECT count(*) FROM cards WHERE job_id = :job")
        .param("job", job)
        .query(Integer.class)
        .single();
  }

  String state(UUID job) {
    return jdbc.sql("SELECT state || '/' || credit_state FROM jobs WHERE id = :id")
        .param("id", job)
        .query(String.class)
        .single();
  }

  /** The job's error code and detail, as "code / detail" ("null" where there is none). */
  String failure(UUID job) {
    return jdbc.sql(
            "SELECT error_code || ' / ' || coalesce(error_detail, 'null') FROM jobs WHERE id = :id")
        .param("id", job)
        .query(String.class)
        .single();
  }

  void markPublished(UUID job, Instant at) {
    jdbc.sql("UPDATE jobs SET published_at = :at WHERE id = :id")
        .param("at", Timestamp.from(at))
        .param("id", job)
        .update();
  }

  void setReserved(UUID account, long reserved) {
    jdbc.sql("UPDATE accounts SET reserved = :reserved WHERE id = :id")
        .param("reserved", reserved)
        .param("id", account)
        .update();
  }

  /** The {@code seq} of each of the given items, in their order; 0 for an item without one. */
  List<Integer> seqs(List<UUID> items) {
    return items.stream()
        .map(
            item ->
                jdbc.sql("SELECT coalesce(seq, 0) FROM jobs WHERE id = :id")
                    .param("id", item)
                    .query(Integer.class)
                    .single())
        .toList();
  }

  /** The webhook events queued for the account. */
  int webhookEvents(UUID account) {
    return jdbc.sql("SELECT count(*) FROM webhook_deliveries WHERE account_id = :account")
        .param("account", account)
        .query(Integer.class)
        .single();
  }

  /** The status of the batch an item belongs to, with its succeeded/failed counts. */
  String batchStatus(UUID item) {
    return jdbc.sql(
            """
            SELECT status || ' ' || succeeded || '/' || failed FROM batches
            WHERE id = (SELECT batch_id FROM jobs WHERE id = :id)
            """)
        .param("id", item)
        .query(String.class)
        .single();
  }
}
