package io.cardgen.worker.credit;

import java.util.UUID;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

/**
 * Settles a job's reserved credit: charge with the card, release on failure. Callers run these in
 * the same transaction as the job's conditional move out of {@code RESERVED}, which is what makes
 * each happen at most once; the ledger's unique (job, kind) index is the second lock on the door.
 */
@Repository
public class CreditSettlement {

  private static final String CHARGE =
      """
      UPDATE accounts SET balance = balance - 1, reserved = reserved - 1
      WHERE id = :account AND reserved >= 1
      """;
  private static final String RELEASE =
      "UPDATE accounts SET reserved = reserved - 1 WHERE id = :account AND reserved >= 1";
  private static final String RECORD =
      """
      INSERT INTO credit_ledger (account_id, job_id, kind, amount)
      VALUES (:account, :job, :kind, 1)
      """;

  private final JdbcClient jdbc;

  CreditSettlement(JdbcClient jdbc) {
    this.jdbc = jdbc;
  }

  public void charge(UUID account, UUID job) {
    settle(CHARGE, "CHARGE", account, job);
  }

  public void release(UUID account, UUID job) {
    settle(RELEASE, "RELEASE", account, job);
  }

  private void settle(String update, String kind, UUID account, UUID job) {
    if (jdbc.sql(update).param("account", account).update() != 1) {
      // The job said RESERVED but the account holds nothing: the books disagree. Roll back
      // rather than write a card or a failure on top of it.
      throw new IllegalStateException("No reserved credit on account " + account + " for " + job);
    }
    jdbc.sql(RECORD).param("account", account).param("job", job).param("kind", kind).update();
  }
}
