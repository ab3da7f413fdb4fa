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
 */
@ConfigurationProperties("cardgen.audit")
public record AuditProperties(
    @DefaultValue("10m") Duration maxReservationAge,
    @DefaultValue("1m") Duration interval,
    @DefaultValue("100") int maxListed) {}
