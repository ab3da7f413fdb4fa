package io.cardgen.gateway.audit;

import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * The credit audit.
 *
 * @param maxReservationAge a credit held longer than this is reported as stale: longer than the
 *     longest life of a healthy job, which is every attempt running out its lease, grace and
 *     re-publication (3 × (120 s + 10 s + 5 s + 5 s) = 420 s with the worker defaults), plus room
 *     for a short backlog. Raise it with the worker's lease or attempts.
 * @param interval pause between two audits a gateway replica runs for its metrics
 * @param maxListed breaches listed per kind; the rest are counted in {@code truncated}
 * @param fullInterval how often one replica runs a full audit on the timer (the whole ledger and
 *     every kept job); the runs between are recent audits (ADR 0029)
 * @param recentWindow a recent audit checks the jobs finished within this window, besides those
 *     with ledger rows after the running totals; longer than {@code interval}, so consecutive runs
 *     overlap. Every finished job in the window is read again each run, so a long window costs most
 *     at saturation (at 240 cards/s, 5 m put 72 000 jobs into every run)
 * @param totalsLockWait how long moving the running totals waits for the ledger's writers in flight
 *     (money statements queue behind it for that long at most); when it runs out the totals stay
 *     where they are until the next run
 */
@ConfigurationProperties("cardgen.audit")
public record AuditProperties(
    @DefaultValue("10m") Duration maxReservationAge,
    @DefaultValue("1m") Duration interval,
    @DefaultValue("100") int maxListed,
    @DefaultValue("24h") Duration fullInterval,
    @DefaultValue("90s") Duration recentWindow,
    @DefaultValue("100ms") Duration totalsLockWait) {}
