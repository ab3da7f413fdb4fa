package io.cardgen.testsupport;

import java.sql.Timestamp;
import java.time.Instant;
import java.util.UUID;
import org.springframework.jdbc.core.simple.JdbcClient;

/**
 * Webhook outbox rows as a finishing batch writes them: the contract between the batch code and
 * webhook delivery, shared by the worker's delivery tests and the standalone's whole-path ones.
 */
public final class OutboxRows {

  private OutboxRows() {}

  /** One PENDING {@code batch.completed} delivery to {@code url}, due at {@code now}. */
  public static UUID aPendingDelivery(
      JdbcClient jdbc, UUID account, String url, String payload, Instant now) {
    UUID id = UUID.randomUUID();
    jdbc.sql(
            """
            INSERT INTO webhook_deliveries (id, account_id, event_key, event_type, url, payload,
                                            state, next_attempt_at, created_at)
            VALUES (:id, :account, :key, 'batch.completed', :url, :payload, 'PENDING', :now, :now)
            """)
        .param("id", id)
        .param("account", account)
        .param("key", "batch.completed:" + id)
        .param("url", url)
        .param("payload", payload)
        .param("now", Timestamp.from(now))
        .update();
    return id;
  }
}
