package io.cardgen.gateway.audit;

import java.time.Instant;
import java.util.List;

/**
 * What {@code GET /admin/audit} answers: the figures of the books at one snapshot and every breach
 * of their invariants.
 *
 * @param credited every credit ever added (ledger CREDIT)
 * @param charged every credit spent on a card (ledger CHARGE)
 * @param released reservations given back after a failure (ledger RELEASE)
 * @param balance sum of the accounts' balances (credits not yet charged, reserved included)
 * @param reserved sum of the accounts' reserved credits
 * @param jobsInProgress queued or running jobs holding a credit
 * @param cards cards still kept (those of keys past their retention are gone; their charges stay)
 * @param truncated true when some kind had more breaches than are listed
 * @param scope {@code full} (the whole ledger, every kept job) or {@code recent} (the running
 *     totals, the jobs that moved in the last minutes; what the scheduled audit runs between two
 *     full ones, ADR 0029)
 * @param lastFullAudit when the last full audit ran (this one, for a full audit); null before the
 *     first
 * @param lastFullAuditBreaches how many breaches it found; null before the first
 */
public record AuditReport(
    Instant checkedAt,
    String scope,
    boolean clean,
    long accounts,
    long credited,
    long charged,
    long released,
    long balance,
    long reserved,
    long jobsInProgress,
    long cards,
    boolean truncated,
    List<Breach> breaches,
    Instant lastFullAudit,
    Integer lastFullAuditBreaches) {

  /**
   * The breaches an alert should count: this audit's, or the last full audit's if it found more.
   */
  int openBreaches() {
    return Math.max(
        breaches.size(), lastFullAuditBreaches == null ? 0 : lastFullAuditBreaches.intValue());
  }
}
