package io.cardgen.common.db;

/**
 * Waits for the disk after a commit that did not (ADR 0033). Run on its own, with the server's
 * {@code synchronous_commit}, this statement returns only once the WAL up to its own commit is on
 * disk, and with it every commit made before it on any connection: a card's completion commits
 * without waiting ({@link RelaxedCommit}), so the account row it updates is released at once
 * instead of after the flush, and then runs this before anything outside the database is told.
 *
 * <p>{@code setval} is the cheapest write that does it: a transaction that writes no WAL or has no
 * transaction id commits without a flush (a bare {@code SELECT txid_current()} would not wait),
 * while {@code setval} always logs the sequence and takes an id; the sequence is rewritten in place
 * under a buffer lock held for microseconds, so concurrent barriers neither queue on a row nor
 * leave dead rows, and PostgreSQL's group commit lets one flush serve many of them. The value set
 * is the sequence's next one, so {@code last_value} counts the barriers run (roughly: two running
 * at once may set theirs in either order), which is how tests and operators see them.
 */
public final class DurabilityBarrier {

  public static final String STATEMENT =
      "SELECT setval('durability_barrier', nextval('durability_barrier'), true)";

  private DurabilityBarrier() {}
}
