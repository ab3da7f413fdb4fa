package io.cardgen.worker.webhook;

import io.cardgen.common.webhook.SecretSealing;
import io.cardgen.common.webhook.UnreadableSecretException;
import io.cardgen.worker.webhook.StoredSecrets.Column;
import io.cardgen.worker.webhook.StoredSecrets.Row;
import java.time.Clock;
import java.util.List;
import java.util.UUID;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.SmartLifecycle;

/**
 * Once at the start of a worker with a sealing key, seals every webhook secret not yet in the
 * current key's form (ADR 0047): plain ones from before sealing, and those sealed under a previous
 * key, so that after one start the previous key can be dropped and no plain secret is left for a
 * backup to carry. A worker seals what it reads for a delivery anyway; this reaches the accounts
 * that receive no webhook.
 *
 * <p>Previous secrets whose rotation overlap has ended are removed first: they sign nothing.
 *
 * <p>It runs on a thread of its own, so the worker is ready at once, one page of accounts at a
 * time. Each value is replaced only if it is still the one read ({@link StoredSecrets}): a rotation
 * or a deliverer's re-sealing meanwhile wins, and several workers starting together do no harm.
 */
class SecretResealing implements SmartLifecycle {

  private static final Logger log = LoggerFactory.getLogger(SecretResealing.class);
  private static final int PAGE = 200;

  /**
   * What one pass did. {@code firstUnreadable} is an operator's message, or null; {@code
   * expiredCleared} counts previous secrets whose overlap had ended, removed before the pass.
   */
  record Pass(int resealed, int unreadable, String firstUnreadable, int expiredCleared) {}

  private final SigningSecrets secrets;
  private final StoredSecrets stored;
  private final SecretSealing sealing;
  private final Clock clock;
  private volatile boolean stopped;
  private Thread thread;

  SecretResealing(
      SigningSecrets secrets, StoredSecrets stored, SecretSealing sealing, Clock clock) {
    this.secrets = secrets;
    this.stored = stored;
    this.sealing = sealing;
    this.clock = clock;
  }

  @Override
  public synchronized void start() {
    stopped = false;
    if (sealing.seals() && thread == null) {
      thread = new Thread(this::runLogged, "webhook-secret-resealing");
      thread.setDaemon(true);
      thread.start();
    }
  }

  /** Ends the pass after the account at hand; the next start goes on with the rest. */
  @Override
  public synchronized void stop() {
    stopped = true;
  }

  @Override
  public synchronized boolean isRunning() {
    return thread != null && thread.isAlive() && !stopped;
  }

  /** Seals what is not in the current key's form, page by page; the rows read are the caller's. */
  Pass resealAll() {
    // A previous secret past its overlap signs nothing: kept, it would be re-sealed, counted as
    // unopenable at every start, and keep the operator's rotation check from reaching 0.
    int expiredCleared = stored.clearExpiredPrevious(clock.instant());
    int resealed = 0;
    int unreadable = 0;
    String firstUnreadable = null;
    UUID after = new UUID(0, 0); // the least in PostgreSQL's order, unsigned bytes
    List<Row> page;
    do {
      page = stored.notStartingWith(sealing.currentPrefix(), after, PAGE);
      for (Row row : page) {
        if (stopped) {
          return new Pass(resealed, unreadable, firstUnreadable, expiredCleared);
        }
        try {
          resealed += reseal(row);
        } catch (UnreadableSecretException failure) {
          unreadable++;
          firstUnreadable = firstUnreadable == null ? failure.getMessage() : firstUnreadable;
        }
        after = row.account();
      }
    } while (page.size() == PAGE);
    return new Pass(resealed, unreadable, firstUnreadable, expiredCleared);
  }

  /** Re-seals one account's out-of-date columns; how many of them it replaced. */
  private int reseal(Row row) {
    int replaced = 0;
    for (Column column : Column.values()) {
      replaced += secrets.reseal(row, column) ? 1 : 0;
    }
    return replaced;
  }

  private void runLogged() {
    try {
      Pass pass = resealAll();
      if (pass.expiredCleared() > 0) {
        log.info(
            "Removed {} previous webhook secret(s) whose rotation overlap had ended",
            pass.expiredCleared());
      }
      if (pass.resealed() > 0 || pass.unreadable() > 0) {
        log.info("Sealed {} webhook secret(s) under the current key", pass.resealed());
      }
      if (pass.unreadable() > 0) {
        log.warn(
            "{} account(s) have a webhook secret that cannot be opened, left as it is; the first:"
                + " {}",
            pass.unreadable(),
            pass.firstUnreadable());
      }
    } catch (RuntimeException failure) {
      // The class only: a database error's detail can quote a row, and rows hold secrets.
      log.warn(
          "Sealing webhook secrets stopped, the next start goes on: {}",
          failure.getClass().getName());
    }
  }
}
