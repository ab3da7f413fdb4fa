package io.cardgen.worker.webhook;

import java.sql.Timestamp;
import java.time.Instant;
import java.util.List;
import java.util.UUID;
import org.springframework.jdbc.core.simple.JdbcClient;

/**
 * Claims due deliveries fairly between accounts (ADR 0055), so that one account with many events
 * and a receiver that never answers cannot hold every slot while other accounts' events wait.
 *
 * <p>Order: an account's n-th due delivery is ranked {@code leased + n}, where {@code leased}
 * counts its deliveries under a live lease on any worker: each account's oldest due delivery first,
 * then each one's second, and so on, with the accounts that have fewer attempts in flight ahead
 * (max-min fairness, as ADR 0008 ranks batch items); ties go to the delivery due first. An account
 * gets no more than {@code maxConcurrentPerAccount} attempts in flight on all workers together:
 * claims made at the same moment choose the same rows of it, and each row goes to one of them.
 *
 * <p>Cost: the accounts are found by skipping from one account with pending deliveries to the next
 * on {@code webhook_deliveries_pending_by_account}, and each one's due rows are read from that
 * index in order up to what it may take, its leases counted on {@code
 * webhook_deliveries_leased_by_account}: a few index probes per account, whatever its backlog.
 *
 * <p>Locking: the candidates are chosen from a snapshot without locks, twice as many as the slots
 * to fill, then locked in their order with {@code SKIP LOCKED}, the limit applied above the
 * locking. A deliverer claiming at the same moment chose the same candidates; it skips the ones
 * locked here and takes the next, instead of finding none. Each locked row is checked again (still
 * pending, due and not leased), since another claim may have committed after the snapshot.
 */
class WebhookClaims {

  private static final int CANDIDATES_PER_SLOT = 2;

  // The candidates travel as one array, in their order: joined to the table by = ANY, the rows are
  // read by primary key whatever the planner guesses of the candidates' number, which it cannot
  // know from the recursive walk (a guess too high would make it scan the table instead).
  private static final String CLAIM =
      """
      WITH RECURSIVE accounts AS (
          (SELECT account_id FROM webhook_deliveries
           WHERE state = 'PENDING'
           ORDER BY account_id LIMIT 1)
          UNION ALL
          SELECT (SELECT d.account_id FROM webhook_deliveries d
                  WHERE d.state = 'PENDING' AND d.account_id > a.account_id
                  ORDER BY d.account_id LIMIT 1)
          FROM accounts a
          WHERE a.account_id IS NOT NULL
      ), ranked AS (
          SELECT due.id, busy.leased + due.turn AS rank, due.next_attempt_at
          FROM accounts a
          CROSS JOIN LATERAL (
              SELECT count(*) AS leased FROM webhook_deliveries l
              WHERE l.account_id = a.account_id AND l.state = 'PENDING' AND l.lease_until >= :now
          ) busy
          CROSS JOIN LATERAL (
              SELECT d.id, d.next_attempt_at,
                     row_number() OVER (ORDER BY d.next_attempt_at) AS turn
              FROM webhook_deliveries d
              WHERE d.account_id = a.account_id AND d.state = 'PENDING'
                AND d.next_attempt_at <= :now
                AND (d.lease_until IS NULL OR d.lease_until < :now)
              ORDER BY d.next_attempt_at
              LIMIT least(greatest(:perAccount - busy.leased, 0), :candidates)
          ) due
          WHERE a.account_id IS NOT NULL
          ORDER BY rank, due.next_attempt_at, due.id
          LIMIT :candidates
      ), candidates AS (
          SELECT array_agg(id ORDER BY rank, next_attempt_at, id) AS ids FROM ranked
      ), locked AS (
          SELECT d.id FROM candidates c JOIN webhook_deliveries d ON d.id = ANY (c.ids)
          WHERE d.state = 'PENDING' AND d.next_attempt_at <= :now
            AND (d.lease_until IS NULL OR d.lease_until < :now)
          ORDER BY array_position(c.ids, d.id)
          LIMIT :limit
          FOR UPDATE OF d SKIP LOCKED
      )
      UPDATE webhook_deliveries w
      SET lease_owner = :owner, lease_until = :leaseUntil, attempts = w.attempts + 1
      FROM locked
      WHERE w.id = locked.id
      RETURNING w.id, w.account_id, w.url, w.payload, w.attempts, w.created_at
      """;

  private final JdbcClient jdbc;
  private final int maxConcurrentPerAccount;

  WebhookClaims(JdbcClient jdbc, int maxConcurrentPerAccount) {
    this.jdbc = jdbc;
    this.maxConcurrentPerAccount = maxConcurrentPerAccount;
  }

  /**
   * Claims up to {@code limit} due deliveries for one attempt each, held until {@code leaseUntil}.
   */
  List<DueWebhook> claim(String owner, Instant now, Instant leaseUntil, int limit) {
    return jdbc.sql(CLAIM)
        .param("owner", owner)
        .param("now", Timestamp.from(now))
        .param("leaseUntil", Timestamp.from(leaseUntil))
        .param("limit", limit)
        .param("candidates", limit * CANDIDATES_PER_SLOT)
        .param("perAccount", maxConcurrentPerAccount)
        .query(
            (row, number) ->
                new DueWebhook(
                    row.getObject("id", UUID.class),
                    row.getObject("account_id", UUID.class),
                    row.getString("url"),
                    row.getString("payload"),
                    row.getInt("attempts"),
                    row.getTimestamp("created_at").toInstant()))
        .list();
  }
}
