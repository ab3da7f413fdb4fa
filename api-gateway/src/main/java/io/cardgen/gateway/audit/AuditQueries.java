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
 * Each read takes an {@link AuditScope}: the whole ledger and every kept job, or the running totals
 * and the jobs that moved lately (ADR 0029).
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

  private static final String SUMS =
      """
      sum(amount) FILTER (WHERE kind = 'CREDIT') AS credited,
      sum(amount) FILTER (WHERE kind = 'CHARGE') AS charged,
      sum(amount) FILTER (WHERE kind = 'RELEASE') AS released,
      sum(amount) FILTER (WHERE kind = 'RESERVE') AS reservations
      """;
  private static final String THROUGH = LedgerTotals.READ_THROUGH;
  private static final String FULL_SUMS =
      "SELECT account_id, " + SUMS + " FROM credit_ledger GROUP BY account_id";
  // The running totals plus the rows after them: a range scan of the ledger's primary key.
  private static final String RECENT_SUMS =
      """
      SELECT account_id, sum(credited) AS credited, sum(charged) AS charged,
             sum(released) AS released, sum(reservations) AS reservations
      FROM (SELECT account_id, credited, charged, released, reservations FROM ledger_totals
            UNION ALL
            SELECT account_id, %s FROM credit_ledger WHERE id > %s GROUP BY account_id) parts
      GROUP BY account_id
      """
          .formatted(SUMS, THROUGH);
  private static final String ACCOUNTS =
      """
      SELECT a.id, a.balance, a.reserved,
             COALESCE(l.credited, 0) AS credited, COALESCE(l.charged, 0) AS charged,
             COALESCE(l.released, 0) AS released, COALESCE(l.reservations, 0) AS reservations,
             COALESCE(j.holding, 0) AS holding
      FROM accounts a
      LEFT JOIN (%s) l ON l.account_id = a.id
      LEFT JOIN (SELECT account_id, count(*) AS holding
                 FROM (SELECT account_id FROM jobs
                       WHERE state = 'QUEUED' AND credit_state = 'RESERVED'
                       UNION ALL
                       SELECT account_id FROM jobs
                       WHERE state = 'RUNNING' AND credit_state = 'RESERVED') holding
                 GROUP BY account_id) j ON j.account_id = a.id
      ORDER BY a.id
      """;
  // Only a full audit reads the rows the totals cover, so only it can tell they still add up.
  private static final String TOTALS_DRIFT =
      """
      WITH folded AS (
        SELECT account_id, %s FROM credit_ledger WHERE id <= %s GROUP BY account_id)
      SELECT COALESCE(t.account_id, f.account_id) AS account_id, CAST(NULL AS uuid) AS job_id,
             format('running totals credited %%s, charged %%s, released %%s, reserved %%s; '
                    || 'the ledger through id %%s: %%s, %%s, %%s, %%s',
                    COALESCE(t.credited, 0), COALESCE(t.charged, 0), COALESCE(t.released, 0),
                    COALESCE(t.reservations, 0), %s,
                    COALESCE(f.credited, 0), COALESCE(f.charged, 0), COALESCE(f.released, 0),
                    COALESCE(f.reservations, 0)) AS detail
      FROM ledger_totals t FULL JOIN folded f ON f.account_id = t.account_id
      WHERE (COALESCE(t.credited, 0), COALESCE(t.charged, 0), COALESCE(t.released, 0),
             COALESCE(t.reservations, 0))
         IS DISTINCT FROM
            (COALESCE(f.credited, 0), COALESCE(f.charged, 0), COALESCE(f.released, 0),
             COALESCE(f.reservations, 0))
      LIMIT :limit
      """
          .formatted(SUMS, THROUGH, THROUGH);
  // The jobs a check reads, as "scope (id, account_id, state, credit_state)": every kept job, or
  // those that moved lately. Two index scans joined by UNION (an OR in one WHERE would read every
  // job), each id then looked up on its own: the planner cannot know how few ids the UNION
  // yields and would otherwise hash-join them against the whole table.
  private static final String FULL_JOBS = "SELECT id, account_id, state, credit_state FROM jobs";
  private static final String RECENT_JOBS =
      """
      SELECT j.id, j.account_id, j.state, j.credit_state
      FROM (SELECT id AS job_id FROM jobs
            WHERE state IN ('SUCCEEDED', 'FAILED') AND finished_at >= :finishedSince
            UNION
            SELECT job_id FROM credit_ledger WHERE id > :ledgerAfter AND job_id IS NOT NULL) moved
      CROSS JOIN LATERAL (SELECT id, account_id, state, credit_state FROM jobs
                          WHERE jobs.id = moved.job_id) j
      """;
  // Each kept job must show exactly the moves its state implies: one RESERVE, then one CHARGE
  // (succeeded) or one RELEASE (failed) or neither (in progress).
  private static final String UNSETTLED =
      """
      SELECT j.account_id, j.id AS job_id,
             format('%s/%s with %s reserve, %s charge, %s release in the ledger',
                    j.state, j.credit_state, r.reserves, r.charges, r.releases) AS detail
      FROM scope j
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
      SELECT j.account_id, j.id AS job_id, 'charged, but no card' AS detail
      FROM scope j
      WHERE EXISTS (SELECT 1 FROM credit_ledger l WHERE l.job_id = j.id AND l.kind = 'CHARGE')
        AND NOT EXISTS (SELECT 1 FROM cards c WHERE c.job_id = j.id)
      LIMIT :limit
      """;
  private static final String CARDS_WITHOUT_CHARGE =
      """
      SELECT c.account_id, c.job_id, format('card %s, but no charge', c.uid) AS detail
      FROM scope j CROSS JOIN LATERAL (SELECT * FROM cards WHERE cards.job_id = j.id) c
      WHERE NOT EXISTS (SELECT 1 FROM credit_ledger l
                        WHERE l.job_id = c.job_id AND l.kind = 'CHARGE')
      LIMIT :limit
      """;
  // A batch item may wait in the queue for hours by design: its clock starts when it is claimed.
  // Every scope reads every job in progress (a stale one is an old one), through the partial
  // indexes of queued and of running jobs; a credit still reserved in any other state is a
  // settlement mismatch.
  private static final String STALE =
      """
      SELECT account_id, job_id, detail FROM (
        SELECT account_id, id AS job_id, created_at,
               format('%s since %s, attempt %s', state, created_at, attempts) AS detail
        FROM jobs
        WHERE state = 'QUEUED' AND credit_state = 'RESERVED' AND batch_id IS NULL
          AND created_at < :before
        UNION ALL
        SELECT account_id, id AS job_id, created_at,
               format('%s since %s, attempt %s', state, created_at, attempts) AS detail
        FROM jobs
        WHERE state = 'RUNNING' AND credit_state = 'RESERVED'
          AND ((batch_id IS NULL AND created_at < :before)
               OR (batch_id IS NOT NULL AND updated_at < :before))) stale
      ORDER BY created_at
      LIMIT :limit
      """;
  private static final String CARDS = "SELECT count(*) FROM cards";

  private final JdbcClient jdbc;

  AuditQueries(JdbcClient jdbc) {
    this.jdbc = jdbc;
  }

  List<AccountBooks> accounts(AuditScope scope) {
    String sums = scope instanceof AuditScope.Full ? FULL_SUMS : RECENT_SUMS;
    return jdbc.sql(ACCOUNTS.formatted(sums)).query(AccountBooks.class).list();
  }

  /** Accounts whose running totals differ from the ledger rows they cover. */
  List<JobRow> totalsDrift(int limit) {
    return jdbc.sql(TOTALS_DRIFT).param("limit", limit).query(JobRow.class).list();
  }

  List<JobRow> unsettledJobs(AuditScope scope, int limit) {
    return jobs(scope, UNSETTLED, limit);
  }

  List<JobRow> chargesWithoutCard(AuditScope scope, int limit) {
    return jobs(scope, CHARGES_WITHOUT_CARD, limit);
  }

  List<JobRow> cardsWithoutCharge(AuditScope scope, int limit) {
    return jobs(scope, CARDS_WITHOUT_CHARGE, limit);
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

  private List<JobRow> jobs(AuditScope scope, String check, int limit) {
    var statement = jdbc.sql("WITH scope AS (" + scopeJobs(scope) + ") " + check);
    if (scope instanceof AuditScope.Recent recent) {
      statement =
          statement
              .param("ledgerAfter", recent.ledgerAfter())
              .param("finishedSince", Timestamp.from(recent.finishedSince()));
    }
    return statement.param("limit", limit).query(JobRow.class).list();
  }

  private static String scopeJobs(AuditScope scope) {
    return scope instanceof AuditScope.Full ? FULL_JOBS : RECENT_JOBS;
  }
}
