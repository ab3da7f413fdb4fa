package io.cardgen.common.batch;

import io.cardgen.common.wire.WireJson;
import java.sql.Timestamp;
import java.time.Instant;
import java.util.Map;
import java.util.UUID;

/**
 * The webhook outbox row written when a batch ends (batch-api §7): {@code id} is the webhook-id,
 * {@code eventKey} makes the insert happen at most once whoever finishes the batch, and {@code
 * payload} is the exact body the deliverer sends.
 */
public record BatchEvent(
    UUID id, UUID accountId, String eventKey, String eventType, String url, String payload) {

  /**
   * Inserts the row; a second insert of the same event does nothing. Run it in the transaction that
   * moves the batch to its final status.
   */
  public static final String INSERT =
      """
      INSERT INTO webhook_deliveries (id, account_id, event_key, event_type, url, payload, state,
                                      attempts, next_attempt_at, created_at)
      VALUES (:id, :account, :eventKey, :eventType, :url, :payload, 'PENDING', 0, :now, :now)
      ON CONFLICT (event_key) DO NOTHING
      """;

  /** The named parameters of {@link #INSERT}. */
  public Map<String, Object> parameters(Instant now) {
    return Map.of(
        "id", id,
        "account", accountId,
        "eventKey", eventKey,
        "eventType", eventType,
        "url", url,
        "payload", payload,
        "now", Timestamp.from(now));
  }

  private record Body(String type, String timestamp, BatchObject data) {}

  /** The event of a batch that reached {@code completed} or {@code cancelled}. */
  public static BatchEvent ended(UUID id, UUID accountId, BatchObject batch, Instant now) {
    String type = "batch." + batch.status();
    return new BatchEvent(
        id,
        accountId,
        "batch:" + batch.id() + ":" + batch.status(),
        type,
        batch.webhookUrl(),
        WireJson.write(new Body(type, BatchObject.format(now), batch)));
  }
}
