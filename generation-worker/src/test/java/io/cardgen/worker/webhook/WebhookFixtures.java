package io.cardgen.worker.webhook;

import io.cardgen.testsupport.OutboxRows;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.sql.Timestamp;
import java.time.Instant;
import java.util.Base64;
import java.util.UUID;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import org.springframework.jdbc.core.simple.JdbcClient;

/** Accounts and outbox rows as the gateway and the batch code leave them, and how to read them. */
final class WebhookFixtures {

  /** A delivery row as stored. */
  record Row(
      String state,
      int attempts,
      Instant nextAttemptAt,
      Integer lastStatus,
      String lastError,
      String leaseOwner) {}

  private final JdbcClient jdbc;

  WebhookFixtures(JdbcClient jdbc) {
    this.jdbc = jdbc;
  }

  UUID anAccount(String webhookSecret) {
    UUID id = UUID.randomUUID();
    jdbc.sql(
            """
            INSERT INTO accounts (id, name, api_key_hash, balance, webhook_secret)
            VALUES (:id, 'shop', :hash, 0, :secret)
            """)
        .param("id", id)
        .param("hash", "hash-" + id)
        .param("secret", webhookSecret)
        .update();
    return id;
  }

  /** The row a finishing batch writes: one PENDING delivery, due now. */
  UUID aPendingDelivery(UUID account, String url, String payload, Instant now) {
    return OutboxRows.aPendingDelivery(jdbc, account, url, payload, now);
  }

  static String aPayload(UUID batch) {
    return "{\"type\":\"batch.completed\",\"timestamp\":\"2026-11-21T10:00:00Z\","
        + "\"data\":{\"id\":\"bat_"
        + batch
        + "\",\"status\":\"completed\",\"metadata\":{\"import\":\"осень-2026\"}}}";
  }

  Row row(UUID id) {
    return jdbc.sql(
            """
            SELECT state, attempts, next_attempt_at, last_status, last_error, lease_owner
            FROM webhook_deliveries WHERE id = :id
            """)
        .param("id", id)
        .query(
            (row, number) ->
                new Row(
                    row.getString("state"),
                    row.getInt("attempts"),
                    row.getTimestamp("next_attempt_at").toInstant(),
                    (Integer) row.getObject("last_status"),
                    row.getString("last_error"),
                    row.getString("lease_owner")))
        .single();
  }

  /** The account's secrets as stored, sealed or plain, and when the previous one stops signing. */
  record SecretColumns(String current, String previous, Instant previousValidUntil) {}

  SecretColumns secretColumnsOf(UUID account) {
    return jdbc.sql(
            """
            SELECT webhook_secret, webhook_previous_secret, webhook_previous_valid_until
            FROM accounts WHERE id = :id
            """)
        .param("id", account)
        .query(
            (row, number) ->
                new SecretColumns(
                    row.getString("webhook_secret"),
                    row.getString("webhook_previous_secret"),
                    row.getTimestamp("webhook_previous_valid_until") == null
                        ? null
                        : row.getTimestamp("webhook_previous_valid_until").toInstant()))
        .single();
  }

  /**
   * The row a rotation through the admin API leaves: {@code current} (stored form) signs, and
   * {@code previous} signs beside it until {@code validUntil}.
   */
  void rotatedWithOverlap(UUID account, String current, String previous, Instant validUntil) {
    jdbc.sql(
            """
            UPDATE accounts SET webhook_secret = :current, webhook_previous_secret = :previous,
                                webhook_previous_valid_until = :until
            WHERE id = :id
            """)
        .param("current", current)
        .param("previous", previous)
        .param("until", Timestamp.from(validUntil))
        .param("id", account)
        .update();
  }

  String secretOf(UUID account) {
    return jdbc.sql("SELECT webhook_secret FROM accounts WHERE id = :id")
        .param("id", account)
        .query(String.class)
        .single();
  }

  void rotate(UUID account, String secret) {
    jdbc.sql("UPDATE accounts SET webhook_secret = :secret WHERE id = :id")
        .param("secret", secret)
        .param("id", account)
        .update();
  }

  void forgetEverySecret() {
    jdbc.sql(
            """
            UPDATE accounts SET webhook_secret = NULL, webhook_previous_secret = NULL,
                                webhook_previous_valid_until = NULL
            """)
        .update();
  }

  void clearOutbox() {
    jdbc.sql("DELETE FROM webhook_deliveries").update();
  }

  /**
   * What a receiver computes to check a request, written here from the specification alone (not
   * with the code under test): HMAC-SHA256 over "id.timestamp.body" keyed with the base64-decoded
   * part of the secret after "whsec_".
   */
  static String expectedSignature(String secret, String id, String timestamp, String body)
      throws GeneralSecurityException {
    byte[] key = Base64.getDecoder().decode(secret.substring("whsec_".length()));
    Mac mac = Mac.getInstance("HmacSHA256");
    mac.init(new SecretKeySpec(key, "HmacSHA256"));
    byte[] digest =
        mac.doFinal((id + "." + timestamp + "." + body).getBytes(StandardCharsets.UTF_8));
    return "v1," + Base64.getEncoder().encodeToString(digest);
  }
}
