package io.cardgen.gateway.audit;

import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Duration;
import java.time.Instant;
import java.util.Objects;
import java.util.Optional;
import org.springframework.dao.DataAccessException;
import org.springframework.dao.PessimisticLockingFailureException;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * The audit's running totals (ADR 0029): each account's ledger sums through {@code through_id}, so
 * an audit reads only the ledger rows after it. Moving {@code through_id} forward is safe only past
 * rows that can no longer appear: ledger ids come from a sequence before their transaction commits,
 * so a row below the highest visible id may still be on its way. A SHARE lock on the ledger waits
 * for every transaction writing to it; the highest id read after the lock is granted has no
 * uncommitted row below it.
 */
@Repository
class LedgerTotals {

  private static final String LOCK_NOT_AVAILABLE = "55P03";
  private static final String CREATE =
      "INSERT INTO ledger_checkpoint (singleton) VALUES (TRUE) ON CONFLICT DO NOTHING";
  private static final String LOCK_TIMEOUT =
      "SELECT set_config('lock_timeout', :millis || 'ms', true)";
  private static final String LOCK = "LOCK TABLE credit_ledger IN SHARE MODE";
  private static final String LAST_ID = "SELECT COALESCE(max(id), 0) FROM credit_ledger";
  private static final String THROUGH_FOR_UPDATE =
      "SELECT through_id FROM ledger_checkpoint FOR UPDATE";
  private static final String FOLD =
      """
      INSERT INTO ledger_totals (account_id, credited, charged, released, reservations)
      SELECT account_id,
             COALESCE(sum(amount) FILTER (WHERE kind = 'CREDIT'), 0),
             COALESCE(sum(amount) FILTER (WHERE kind = 'CHARGE'), 0),
             COALESCE(sum(amount) FILTER (WHERE kind = 'RELEASE'), 0),
             COALESCE(sum(amount) FILTER (WHERE kind = 'RESERVE'), 0)
      FROM credit_ledger WHERE id > :after AND id <= :through
      GROUP BY account_id
      ON CONFLICT (account_id) DO UPDATE SET
        credited = ledger_totals.credited + EXCLUDED.credited,
        charged = ledger_totals.charged + EXCLUDED.charged,
        released = ledger_totals.released + EXCLUDED.released,
        reservations = ledger_totals.reservations + EXCLUDED.reservations
      """;
  private static final String MOVE = "UPDATE ledger_checkpoint SET through_id = :through";

  /**
   * The ledger id the totals reach, 0 before the first move; a scalar subquery for the audit's
   * reads.
   */
  static final String READ_THROUGH = "(SELECT COALESCE(max(through_id), 0) FROM ledger_checkpoint)";

  private static final String CLAIM_FULL_AUDIT =
      """
      UPDATE ledger_checkpoint SET full_audit_at = :now
      WHERE full_audit_at IS NULL OR full_audit_at <= :due
      """;
  private static final String RECORD_FULL_AUDIT =
      "UPDATE ledger_checkpoint SET full_audit_at = :at, full_audit_breaches = :breaches";
  private static final String LAST_FULL_AUDIT =
      "SELECT full_audit_at, full_audit_breaches FROM ledger_checkpoint";

  /** When the last full audit ran and how many breaches it found; empty before the first. */
  record FullAudit(Instant at, int breaches) {}

  private final JdbcClient jdbc;
  private final TransactionTemplate transaction;

  LedgerTotals(JdbcClient jdbc, PlatformTransactionManager transactions) {
    this.jdbc = jdbc;
    this.transaction = new TransactionTemplate(transactions);
  }

  /** The ledger id the totals reach (0 before the first move). */
  long through() {
    return jdbc.sql(READ_THROUGH).query(Long.class).single();
  }

  /**
   * Folds the ledger rows that can no longer change into the totals. Waits at most {@code lockWait}
   * for the writers in flight (money statements queue behind the lock request for that long at
   * most); returns the new {@code through_id}, or empty when the lock was not granted in time and
   * the totals stay where they were.
   */
  Optional<Long> advance(Duration lockWait) {
    Optional<Long> settled = settledId(lockWait);
    settled.ifPresent(this::foldThrough);
    return settled;
  }

  private Optional<Long> settledId(Duration lockWait) {
    try {
      return transaction.execute(
          status -> {
            jdbc.sql(LOCK_TIMEOUT).param("millis", lockWait.toMillis()).query().singleValue();
            jdbc.sql(LOCK).update();
            return Optional.of(jdbc.sql(LAST_ID).query(Long.class).single());
          });
    } catch (DataAccessException failure) {
      if (lockNotGranted(failure)) {
        return Optional.empty();
      }
      throw failure;
    }
  }

  private static boolean lockNotGranted(DataAccessException failure) {
    return failure instanceof PessimisticLockingFailureException
        || failure.getMostSpecificCause() instanceof SQLException sql
            && LOCK_NOT_AVAILABLE.equals(sql.getSQLState());
  }

  private void foldThrough(long settled) {
    transaction.executeWithoutResult(
        status -> {
          jdbc.sql(CREATE).update();
          // Replicas advance one at a time; one that already went further leaves nothing to do.
          long after = jdbc.sql(THROUGH_FOR_UPDATE).query(Long.class).single();
          if (settled <= after) {
            return;
          }
          jdbc.sql(FOLD).param("after", after).param("through", settled).update();
          jdbc.sql(MOVE).param("through", settled).update();
        });
  }

  /** True when this caller is the one to run the full audit now due (one replica per period). */
  boolean claimFullAudit(Instant now, Duration every) {
    return Boolean.TRUE.equals(
        transaction.execute(
            status -> {
              jdbc.sql(CREATE).update();
              return jdbc.sql(CLAIM_FULL_AUDIT)
                      .param("now", Timestamp.from(now))
                      .param("due", Timestamp.from(now.minus(every)))
                      .update()
                  == 1;
            }));
  }

  void recordFullAudit(Instant at, int breaches) {
    transaction.executeWithoutResult(
        status -> {
          jdbc.sql(CREATE).update();
          jdbc.sql(RECORD_FULL_AUDIT)
              .param("at", Timestamp.from(at))
              .param("breaches", breaches)
              .update();
        });
  }

  Optional<FullAudit> lastFullAudit() {
    return jdbc
        .sql(LAST_FULL_AUDIT)
        .query(
            (row, n) -> {
              Timestamp at = row.getTimestamp("full_audit_at");
              return at == null
                  ? null
                  : new FullAudit(at.toInstant(), row.getInt("full_audit_breaches"));
            })
        .list()
        .stream()
        .filter(Objects::nonNull)
        .findFirst();
  }
}
