package io.cardgen.worker.webhook;

import io.cardgen.common.webhook.SecretSealing;
import io.cardgen.common.webhook.UnreadableSecretException;
import io.cardgen.common.webhook.WebhookSecret;
import io.cardgen.worker.webhook.StoredSecrets.Column;
import io.cardgen.worker.webhook.StoredSecrets.Row;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The secrets that sign an account's next attempt: the one stored now, read on every attempt so a
 * rotation takes effect at once, and the one it replaced while that still overlaps (ADR 0047). An
 * account that never asked for one gets one here, on first need: every webhook is signed, and the
 * operator shows it with the admin API (which rotates it; failed deliveries are retried for a day,
 * signed with the shown secret from then on).
 *
 * <p>A secret read in another form than the current key writes (plain, from before sealing or from
 * a gateway without the key; or sealed under a previous key) is re-sealed in place, conditionally
 * on the value read, so a rotation in between wins.
 */
class SigningSecrets {

  private static final Logger log = LoggerFactory.getLogger(SigningSecrets.class);

  private final StoredSecrets stored;
  private final SecretSealing sealing;

  SigningSecrets(StoredSecrets stored, SecretSealing sealing) {
    this.stored = stored;
    this.sealing = sealing;
  }

  /**
   * The secrets to sign with at {@code now}, the current one first.
   *
   * @throws UnreadableSecretException when the current secret cannot be opened (a previous one that
   *     cannot is left out, with a warning: the current one alone still signs)
   */
  List<WebhookSecret> signingAt(UUID account, Instant now) {
    Row row = stored.read(account);
    if (row.current() == null) {
      stored.createIfMissing(account, sealing.seal(account, WebhookSecret.generate()));
      row = stored.read(account);
    }
    List<WebhookSecret> secrets = new ArrayList<>(2);
    secrets.add(opened(row, Column.CURRENT));
    if (row.previous() != null && now.isBefore(row.previousValidUntil())) {
      try {
        secrets.add(opened(row, Column.PREVIOUS));
      } catch (UnreadableSecretException unreadable) {
        log.warn(
            "Signing with the current secret only, the previous one does not open: {}",
            unreadable.getMessage());
      }
    }
    return secrets;
  }

  /**
   * Seals {@code column} of {@code row} under the current key if it is not in that form yet and
   * still holds what {@code row} says; whether it replaced it.
   *
   * @throws UnreadableSecretException when the value cannot be opened
   */
  boolean reseal(Row row, Column column) {
    String value = column.of(row);
    return value != null
        && !sealing.isUpToDate(value)
        && replace(row, column, sealing.open(row.account(), value));
  }

  private WebhookSecret opened(Row row, Column column) {
    String value = column.of(row);
    WebhookSecret secret = sealing.open(row.account(), value);
    if (!sealing.isUpToDate(value)) {
      try {
        replace(row, column, secret);
      } catch (RuntimeException failure) {
        // Sealing can wait for the next read or start; the attempt goes on. The class only: a
        // database error's detail can quote the row, and this row holds a secret.
        log.warn(
            "Sealing the webhook secret of account {} failed, it stays as it is for now: {}",
            row.account(),
            failure.getClass().getName());
      }
    }
    return secret;
  }

  private boolean replace(Row row, Column column, WebhookSecret secret) {
    return stored.replace(
        row.account(), column, column.of(row), sealing.seal(row.account(), secret));
  }
}
