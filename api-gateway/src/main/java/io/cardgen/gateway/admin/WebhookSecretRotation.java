package io.cardgen.gateway.admin;

import io.cardgen.common.webhook.SecretSealing;
import io.cardgen.common.webhook.UnreadableSecretException;
import io.cardgen.common.webhook.WebhookSecret;
import java.sql.Timestamp;
import java.sql.Types;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Optional;
import java.util.UUID;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.jdbc.core.simple.JdbcClient;

/**
 * Replaces an account's webhook secret with a new one, stored sealed (ADR 0047), and keeps the one
 * it replaces signing beside it for the overlap, so receivers still holding it keep verifying until
 * they switch. Only one previous secret is kept: a second rotation within the overlap drops the
 * first one's.
 *
 * <p>The replaced value moves to the previous column as stored: a sealed one still opens there (the
 * same account), whatever key sealed it, so this gateway never needs to open it. A plain one from
 * before sealing is sealed on its way. The write is conditional on the value read: a worker
 * re-sealing or creating the secret meanwhile makes it read and try again, never lose either.
 */
class WebhookSecretRotation {

  private static final Logger log = LoggerFactory.getLogger(WebhookSecretRotation.class);
  private static final String READ = "SELECT webhook_secret FROM accounts WHERE id = :id";
  private static final String ROTATE =
      """
      UPDATE accounts
      SET webhook_secret = :secret, webhook_previous_secret = :previous,
          webhook_previous_valid_until = :validUntil
      WHERE id = :id AND webhook_secret IS NOT DISTINCT FROM :stored
      """;
  // Each retry means another writer changed the secret between a read and a write: rare.
  private static final int TRIES = 5;

  /**
   * A rotation's outcome.
   *
   * @param previousValidUntil until when the replaced secret signs too; null when none does
   */
  record Rotated(WebhookSecret secret, Instant previousValidUntil) {}

  /** What the row held when read; {@code stored} is null for an account without a secret. */
  private record Current(String stored) {}

  private final JdbcClient jdbc;
  private final SecretSealing sealing;
  private final Duration overlap;
  private final Clock clock;

  WebhookSecretRotation(JdbcClient jdbc, SecretSealing sealing, Duration overlap, Clock clock) {
    this.jdbc = jdbc;
    this.sealing = sealing;
    this.overlap = overlap;
    this.clock = clock;
  }

  /** The account's new secret; empty when there is no such account. */
  Optional<Rotated> rotate(UUID account) {
    for (int attempt = 0; attempt < TRIES; attempt++) {
      Optional<Current> current =
          jdbc.sql(READ)
              .param("id", account)
              .query((row, number) -> new Current(row.getString("webhook_secret")))
              .optional();
      if (current.isEmpty()) {
        return Optional.empty();
      }
      Optional<Rotated> rotated = replace(account, current.get().stored());
      if (rotated.isPresent()) {
        return rotated;
      }
    }
    throw new IllegalStateException(
        "The webhook secret of account " + account + " changed under every rotation attempt");
  }

  private Optional<Rotated> replace(UUID account, String stored) {
    WebhookSecret next = WebhookSecret.generate();
    String previous = keptForOverlap(account, stored);
    // In microseconds, as PostgreSQL stores it: the answer shows the very time the workers compare.
    Instant validUntil =
        previous == null ? null : clock.instant().plus(overlap).truncatedTo(ChronoUnit.MICROS);
    int updated =
        jdbc.sql(ROTATE)
            .param("secret", sealing.seal(account, next))
            .param("previous", previous, Types.VARCHAR)
            .param(
                "validUntil",
                validUntil == null ? null : Timestamp.from(validUntil),
                Types.TIMESTAMP)
            .param("id", account)
            .param("stored", stored, Types.VARCHAR)
            .update();
    if (updated == 0) {
      return Optional.empty();
    }
    log.info(
        "Rotated the webhook secret of account {}{}",
        account,
        validUntil == null ? "" : "; the previous one signs beside it until " + validUntil);
    return Optional.of(new Rotated(next, validUntil));
  }

  /** What goes to the previous column: null when nothing is to sign beside the new secret. */
  private String keptForOverlap(UUID account, String stored) {
    if (stored == null || overlap.isZero()) {
      return null;
    }
    if (SecretSealing.isSealed(stored) || !sealing.seals()) {
      return stored;
    }
    try {
      return sealing.seal(account, sealing.open(account, stored));
    } catch (UnreadableSecretException notASecret) {
      return null; // a plain value that is no secret cannot sign: nothing to keep
    }
  }
}
