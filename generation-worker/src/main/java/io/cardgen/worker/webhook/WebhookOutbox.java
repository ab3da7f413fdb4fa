package io.cardgen.worker.webhook;

import java.sql.Timestamp;
import java.sql.Types;
import java.time.Instant;
import java.util.List;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.jdbc.core.simple.JdbcClient.StatementSpec;

/**
 * The deliverer's side of the {@code webhook_deliveries} outbox. States: PENDING → DELIVERED |
 * GAVE_UP, and PENDING → PENDING with a later {@code next_attempt_at} for a retry.
 *
 * <p>A claim ({@link WebhookClaims}) takes due rows fairly between accounts with {@code FOR UPDATE
 * SKIP LOCKED}, so deliverers racing for the same rows split them instead of sending one twice, and
 * stamps a lease: a row whose deliverer died mid-attempt is due again once the lease runs out.
 * Every later move checks that this deliverer still holds the row, so one that comes back after
 * losing its lease cannot overwrite the outcome of the attempt that replaced it.
 */
class WebhookOutbox {

  private static final String DELIVERED =
      """
      UPDATE webhook_deliveries
      SET state = 'DELIVERED', finished_at = :now, last_status = :status, last_error = NULL,
          lease_owner = NULL, lease_until = NULL
      WHERE id = :id AND state = 'PENDING' AND lease_owner = :owner
      """;
  private static final String RETRY =
      """
      UPDATE webhook_deliveries
      SET next_attempt_at = :next, last_status = :status, last_error = :error,
          lease_owner = NULL, lease_until = NULL
      WHERE id = :id AND state = 'PENDING' AND lease_owner = :owner
      """;
  private static final String GIVE_UP =
      """
      UPDATE webhook_deliveries
      SET state = 'GAVE_UP', finished_at = :now, last_status = :status, last_error = :error,
          lease_owner = NULL, lease_until = NULL
      WHERE id = :id AND state = 'PENDING' AND lease_owner = :owner
      """;
  private static final String PENDING =
      "SELECT count(*) FROM webhook_deliveries WHERE state = 'PENDING'";
  private static final int MAX_ERROR_LENGTH = 500;

  private final JdbcClient jdbc;
  private final WebhookClaims claims;

  WebhookOutbox(JdbcClient jdbc, int maxConcurrentPerAccount) {
    this.jdbc = jdbc;
    this.claims = new WebhookClaims(jdbc, maxConcurrentPerAccount);
  }

  /**
   * Claims up to {@code limit} due deliveries for one attempt each, held until {@code leaseUntil}.
   */
  List<DueWebhook> claim(String owner, Instant now, Instant leaseUntil, int limit) {
    return claims.claim(owner, now, leaseUntil, limit);
  }

  boolean delivered(DueWebhook delivery, String owner, int status, Instant now) {
    return jdbc.sql(DELIVERED)
            .param("id", delivery.id())
            .param("owner", owner)
            .param("status", status)
            .param("now", Timestamp.from(now))
            .update()
        == 1;
  }

  boolean retryAt(DueWebhook delivery, String owner, Instant next, Integer status, String error) {
    return failure(RETRY, delivery, owner, status, error)
            .param("next", Timestamp.from(next))
            .update()
        == 1;
  }

  boolean giveUp(DueWebhook delivery, String owner, Integer status, String error, Instant now) {
    return failure(GIVE_UP, delivery, owner, status, error)
            .param("now", Timestamp.from(now))
            .update()
        == 1;
  }

  private StatementSpec failure(
      String sql, DueWebhook delivery, String owner, Integer status, String error) {
    String shortened =
        error.length() <= MAX_ERROR_LENGTH ? error : error.substring(0, MAX_ERROR_LENGTH);
    return jdbc.sql(sql)
        .param("id", delivery.id())
        .param("owner", owner)
        .param("status", status, Types.INTEGER)
        .param("error", shortened);
  }

  long pending() {
    return jdbc.sql(PENDING).query(Long.class).single();
  }
}
