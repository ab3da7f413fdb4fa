package io.cardgen.gateway.audit;

import java.time.Instant;

/**
 * What an audit reads (ADR 0029). A full audit sums the whole ledger and checks every kept job; a
 * recent one sums the running totals plus the ledger rows after them and checks the jobs that moved
 * lately: those with a ledger row after {@code ledgerAfter} and those finished since {@code
 * finishedSince}. Its cost follows the traffic of the last minutes, not the length of the history.
 */
sealed interface AuditScope {

  /** How {@code GET /admin/audit} and the logs name it. */
  String wireName();

  record Full() implements AuditScope {
    @Override
    public String wireName() {
      return "full";
    }
  }

  record Recent(long ledgerAfter, Instant finishedSince) implements AuditScope {
    @Override
    public String wireName() {
      return "recent";
    }
  }
}
