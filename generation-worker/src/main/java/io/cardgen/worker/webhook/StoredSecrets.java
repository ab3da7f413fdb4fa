package io.cardgen.worker.webhook;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Instant;
import java.util.List;
import java.util.UUID;
import org.springframework.jdbc.core.simple.JdbcClient;

/**
 * The webhook secret columns of {@code accounts}, as stored: plain {@code whsec_…} or sealed
 * ({@link io.cardgen.common.webhook.SecretSealing}). Every write is conditional on what was read,
 * so a re-sealing never overwrites a secret that a rotation (gateway) or another worker wrote
 * meanwhile: it finds a changed value, changes nothing and says so.
 */
class StoredSecrets {

  private static final String READ =
      """
      SELECT id, webhook_secret, webhook_previous_secret, webhook_previous_valid_until
      FROM accounts WHERE id = :id
      """;
  // Of two deliverers creating one at once, the first write wins and both sign with it.
  private static final String CREATE_IF_MISSING =
      "UPDATE accounts SET webhook_secret = :secret WHERE id = :id AND webhook_secret IS NULL";
  private static final String REPLACE_CURRENT =
      """
      UPDATE accounts SET webhook_secret = :replacement
      WHERE id = :id AND webhook_secret = :stored
      """;
  private static final String REPLACE_PREVIOUS =
      """
      UPDATE accounts SET webhook_previous_secret = :replacement
      WHERE id = :id AND webhook_previous_secret = :stored
      """;
  // Unconditional on the value: a rotation meanwhile writes a later valid_until, which the row
  // lock's re-check of the condition then sees, and the new previous secret stays.
  private static final String CLEAR_EXPIRED_PREVIOUS =
      """
      UPDATE accounts SET webhook_previous_secret = NULL, webhook_previous_valid_until = NULL
      WHERE webhook_previous_valid_until <= :now
      """;
  // Either column not in the form the current key writes: plain, or sealed under another key.
  private static final String NOT_STARTING_WITH =
      """
      SELECT id, webhook_secret, webhook_previous_secret, webhook_previous_valid_until
      FROM accounts
      WHERE id > :after
        AND ((webhook_secret IS NOT NULL AND NOT starts_with(webhook_secret, :prefix))
          OR (webhook_previous_secret IS NOT NULL
              AND NOT starts_with(webhook_previous_secret, :prefix)))
      ORDER BY id
      LIMIT :limit
      """;

  /** The two secret columns. */
  enum Column {
    CURRENT(REPLACE_CURRENT),
    PREVIOUS(REPLACE_PREVIOUS);

    private final String replace;

    Column(String replace) {
      this.replace = replace;
    }

    /** This column's value in {@code row}; null when empty. */
    String of(Row row) {
      return this == CURRENT ? row.current() : row.previous();
    }
  }

  /**
   * An account's secrets as stored.
   *
   * @param current null until the account's first secret
   * @param previous the secret before the last rotation, or null
   * @param previousValidUntil when {@code previous} stops signing; null with it
   */
  record Row(UUID account, String current, String previous, Instant previousValidUntil) {

    @Override
    public String toString() {
      return "StoredSecrets.Row[" + account + "]";
    }
  }

  private final JdbcClient jdbc;

  StoredSecrets(JdbcClient jdbc) {
    this.jdbc = jdbc;
  }

  Row read(UUID account) {
    return jdbc.sql(READ).param("id", account).query(StoredSecrets::row).single();
  }

  /** Stores {@code stored} unless the account has a secret already; the caller reads it again. */
  void createIfMissing(UUID account, String stored) {
    jdbc.sql(CREATE_IF_MISSING).param("secret", stored).param("id", account).update();
  }

  /**
   * Replaces {@code column} of the account with {@code replacement} if it still holds {@code
   * stored}; whether it did.
   */
  boolean replace(UUID account, Column column, String stored, String replacement) {
    return jdbc.sql(column.replace)
            .param("replacement", replacement)
            .param("id", account)
            .param("stored", stored)
            .update()
        == 1;
  }

  /** Removes every previous secret whose overlap ended by {@code now}; how many it removed. */
  int clearExpiredPrevious(Instant now) {
    return jdbc.sql(CLEAR_EXPIRED_PREVIOUS).param("now", Timestamp.from(now)).update();
  }

  /**
   * Up to {@code limit} accounts after {@code after} (by id) with a secret not starting with {@code
   * prefix}, in id order.
   */
  List<Row> notStartingWith(String prefix, UUID after, int limit) {
    return jdbc.sql(NOT_STARTING_WITH)
        .param("prefix", prefix)
        .param("after", after)
        .param("limit", limit)
        .query(StoredSecrets::row)
        .list();
  }

  private static Row row(ResultSet row, int number) throws SQLException {
    Timestamp until = row.getTimestamp("webhook_previous_valid_until");
    return new Row(
        row.getObject("id", UUID.class),
        row.getString("webhook_secret"),
        row.getString("webhook_previous_secret"),
        until == null ? null : until.toInstant());
  }
}
