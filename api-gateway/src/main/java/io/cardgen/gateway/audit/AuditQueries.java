package io.cardgen.gateway.audit;

import java.sql.Timestamp;
import java.time.Instant;
import java.util.List;
import java.util.UUID;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

/**
 * The audit's reads. Callers run them in one repeatable-read transaction, so they all see the same
 * snapshot: a reservation or charge committing halfway through an audit cannot look like a breach.
 */
@Repository
class AuditQueries {

  /** One account's books: its balances and what its ledger and jobs say they should be. */
  record AccountBooks(
      UUID id,
      long balance,
      long reserved,
      long credited,
      long charged,
      long released,
      long reservations,
      long holding) {}

  /** A job breaking an invariant; {@code detail} says how. */
  record JobRow(UUID accountId, UUID jobId, String detail) {}

  private static final String ACCOUNTS =
      """
      SELECT a.id, a.balance, a.reserved,
             COALESCE(l.credited, 0) AS credited, COALESCE(l.charged, 0) AS charged,
             COALESCE(l.released, 0) AS released, COALESCE(l.reservations, 0) AS reservations,
             COALESCE(j.holding, 0) AS holding
      FROM accounts a
      LEFT JOIN (SELECT account_id,
                        sum(amount) FILTER (WHERE kind = 'CREDIT') AS credited,
                        sum(amount) FILTER (WHERE kind = 'CHARGE') AS charged,
                        sum(amount) FILTER (WHERE kind = 'RELEASE') AS released,
                        sum(amount) FILTER (WHERE kind = 'RESERVE') AS reservations
                 FROM credit_ledger GROUP BY account_id) l ON l.account_id = a.id
      LEFT JOIN (SELECT account_id, count(*) AS holding FROM jobs
                 WHERE state IN ('QUEUED', 'RUNNING') AND credit_state = 'RESERVED'
                 GROUP BY account_id) j ON j.account_id = a.id
      ORDER BY a.id
      """;
  // Each kept job must show exactly the moves its state implies: one RESERVE, then one CHARGE
  // (succeeded) or one RELEASE (failed) or neither (in progress).
  private static final String UNSETTLED =
      """
      SELECT j.account_id, j.id AS job_id,
             format('%s/%s with %s reserve, %s charge, %s release in the ledger',
                    j.state, j.credit_state, r.reserves, r.charges, r.releases) AS detail
      FROM jobs j
      CROSS JOIN LATERAL (
        SELECT count(*) FILTER (WHERE l.kind = 'RESERVE') AS reserves,
               count(*) FILTER (WHERE l.kind = 'CHARGE') AS charges,
               count(*) FILTER (WHERE l.kind = 'RELEASE') AS releases
        FROM credit_ledger l WHERE l.job_id = j.id) r
      WHERE NOT (r.reserves = 1 AND (
              (j.state IN ('QUEUED', 'RUNNING') AND j.credit_state = 'RESERVED'
                 AND r.charges = 0 AND r.releases = 0)
           OR (j.state = 'SUCCEEDED' AND j.credit_state = 'CHARGED'
                 AND r.charges = 1 AND r.releases = 0)
           OR (j.state IN ('FAILED', 'CANCELLED') AND j.credit_state = 'RELEASED'
                 AND r.charges = 0 AND r.releases = 1)))
      LIMIT :limit
      """;
  // Charges of jobs already removed after their key retention have no card any more, by design.
  private static final String CHARGES_WITHOUT_CARD =
      """
      SELECT l.account_id, l.job_id, 'charged, but no card' AS detail
      FROM credit_ledger l JOIN jobs j ON j.id = l.job_id
      WHERE l.kind = 'CHARGE' AND NOT EXISTS (SELECT 1 FROM cards c WHERE c.job_id = l.job_id)
      LIMIT :limit
      """;
  private static final String CARDS_WITHOUT_CHARGE =
      """
      SELECT c.account_id, c.job_id, format('card %s, but no charge', c.uid) AS detail
      FROM cards c
      WHERE NOT EXISTS (SELECT 1 FROM credit_ledger l
                        WHERE l.job_id = c.job_id AND l.kind = 'CHARGE')
      LIMIT :limit
      """;
  // A batch item may wait in the queue for hours by design: its clock starts when it is claimed.
  private static final String STALE =
      """
      SELECT account_id, id AS job_id,
             format('%s since %s, attempt %s', state, created_at, attempts) AS detail
      FROM jobs
      WHERE credit_state = 'RESERVED'
        AND ((batch_id IS NULL AND created_at < :before)
             OR (batch_id IS NOT NULL AND state = 'RUNNING' AND updated_at < :before))
      ORDER BY created_at
      LIMIT :limit
      """;
  private static final String CARDS = "SELECT count(*) FROM cards";

  private final JdbcClient jdbc;

  AuditQueries(JdbcClient jdbc) {
    this.jdbc = jdbc;
  }

  List<AccountBooks> accounts() {
    return jdbc.sql(ACCOUNTS).query(AccountBooks.class).list();
  }

  List<JobRow> unsettledJobs(int limit) {
    return jobs(UNSETTLED, limit);
  }

  List<JobRow> chargesWithoutCard(int limit) {
    return jobs(CHARGES_WITHOUT_CARD, limit);
  }

  List<JobRow> cardsWithoutCharge(int limit) {
    return jobs(CARDS_WITHOUT_CHARGE, limit);
  }

  List<JobRow> staleReservations(Instant before, int limit) {
    return jdbc.sql(STALE)
        .param("before", Timestamp.from(before))
        .param("limit", limit)
        .query(JobRow.class)
        .list();
  }

  long cards() {
    return jdbc.sql(CARDS).query(Long.class).single();
  }

  private List<JobRow> jobs(String sql, int limit) {
    return jdbc.sql(sql).param("limit", limit).query(JobRow.class).list();
  }
}
