package io.cardgen.worker.credit;

/**
 * Settles a job's reserved credit: charge with the card, release on failure. Each is a part of the
 * statement that moves the job out of {@code RESERVED} ({@code done}, with columns {@code id} and
 * {@code account_id}), which is what makes it happen at most once; the ledger's unique (job, kind)
 * index is the second lock on the door.
 *
 * <p>There is no {@code reserved >= 1} condition: when the job says {@code RESERVED} but the
 * account holds nothing, the books disagree, and the account's {@code reserved >= 0} CHECK fails
 * the whole statement, so no card or failure is written on top of it.
 */
public enum CreditSettlement {
  CHARGE("balance = balance - 1, reserved = reserved - 1"),
  RELEASE("reserved = reserved - 1");

  private final String assignments;

  CreditSettlement(String assignments) {
    this.assignments = assignments;
  }

  /**
   * The common table expressions that move the credit of the job in {@code source} (a part of the
   * statement with columns {@code id}, the job, and {@code account_id}: {@code done}, or the card
   * written for it). The ledger row reads {@code source} and the account's row is updated from the
   * ledger row, so whatever {@code source} writes is written before the account row is locked: that
   * lock, which every card of the account waits for, covers one UPDATE and the commit (ADR 0023).
   */
  public String parts(String source) {
    return """
        ledger AS (
          INSERT INTO credit_ledger (account_id, job_id, kind, amount)
          SELECT account_id, id, '%s', 1 FROM %s
          RETURNING account_id
        ), settled AS (
          UPDATE accounts SET %s
          WHERE id IN (SELECT account_id FROM ledger)
        )"""
        .formatted(name(), source, assignments);
  }
}
