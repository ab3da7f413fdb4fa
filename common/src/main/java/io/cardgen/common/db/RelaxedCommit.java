package io.cardgen.common.db;

/**
 * For a statement that commits on its own and whose loss in a crash of PostgreSQL no caller could
 * notice, because nothing outside the database has been promised on it yet: joined into the
 * statement, this one-row relation turns {@code synchronous_commit} off for the statement's own
 * transaction, so its commit does not wait for the WAL to reach the disk (ADR 0032). A crash may
 * then lose it, but only together with everything committed after it: the next commit that waits
 * for the disk flushes all WAL before it as well. Used by the rate limit's count, a card request's
 * reservation and the claim of a job delivered through Kafka, and by a job's completion, which is
 * followed by a {@link DurabilityBarrier} before its end is announced (ADR 0033). Only for a
 * statement run on its own: inside a larger transaction it would relax that transaction's commit
 * too, whatever else the transaction wrote; such a transaction says so with {@link
 * #FOR_THIS_TRANSACTION}.
 */
public final class RelaxedCommit {

  /** As a transaction's first statement: the whole transaction's commit does not wait. */
  public static final String FOR_THIS_TRANSACTION =
      "SELECT set_config('synchronous_commit', 'off', true)";

  /**
   * A relation for a FROM list; {@code set_config} is volatile, so PostgreSQL evaluates it for the
   * statement, and {@code is_local} keeps it to the statement's transaction.
   */
  public static final String RELATION = "(" + FOR_THIS_TRANSACTION + ") AS relaxed_commit";

  private RelaxedCommit() {}
}
