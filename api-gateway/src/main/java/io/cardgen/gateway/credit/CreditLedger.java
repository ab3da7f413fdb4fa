package io.cardgen.gateway.credit;

import java.util.UUID;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

/**
 * The gateway's side of the money: top-ups. A card's reservation is written with its job ({@code
 * JobRepository}), charges and releases in the worker, with the job's final state. Every movement
 * is written to the ledger next to the balance change, in the caller's transaction.
 */
@Repository
public class CreditLedger {

  private static final String ADD =
      "UPDATE accounts SET balance = balance + :amount WHERE id = :account";
  private static final String RECORD =
      """
      INSERT INTO credit_ledger (account_id, job_id, kind, amount)
      VALUES (:account, :job, :kind, :amount)
      """;

  private final JdbcClient jdbc;

  CreditLedger(JdbcClient jdbc) {
    this.jdbc = jdbc;
  }

  /** Adds credits; false when the account does not exist. */
  public boolean credit(UUID account, long amount) {
    if (jdbc.sql(ADD).param("amount", amount).param("account", account).update() != 1) {
      return false;
    }
    record(account, null, "CREDIT", amount);
    return true;
  }

  private void record(UUID account, UUID job, String kind, long amount) {
    jdbc.sql(RECORD)
        .param("account", account)
        .param("job", job)
        .param("kind", kind)
        .param("amount", amount)
        .update();
  }
}
