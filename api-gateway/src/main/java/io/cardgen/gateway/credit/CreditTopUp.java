package io.cardgen.gateway.credit;

import java.sql.Timestamp;
import java.time.Clock;
import java.util.Optional;
import java.util.UUID;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Component;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * An operator's top-up ({@code POST /admin/accounts/{id}/credits}), optionally under an idempotency
 * key. Without a key every call adds its credits. With one, the first call adds them and records
 * the grant (key, account, amount, time) in the same transaction as the balance and its CREDIT
 * ledger row; a later call with the same key adds nothing.
 *
 * <p>The grant's insert is the claim. A second transaction inserting the same key waits on the
 * first's uncommitted row (the key's unique index), and once that commits does nothing ({@code ON
 * CONFLICT DO NOTHING}); if the first rolls back, the second's insert goes ahead. So of any number
 * of concurrent calls with one key exactly one moves money, and the others, reading the grant in a
 * new statement (read committed), see the committed one.
 */
@Component
public class CreditTopUp {

  /** What a top-up did. */
  public enum Outcome {
    /** The credits were added. */
    ADDED,
    /** The key had added the same credits to the same account before: nothing was added. */
    REPLAYED,
    /** The key had been used for another amount or another account: nothing was added. */
    CONFLICT,
    /** No such account: nothing was added. */
    NO_ACCOUNT
  }

  private static final String CLAIM =
      """
      INSERT INTO admin_credit_grants (idempotency_key, account_id, amount, created_at)
      SELECT :key, id, :amount, :at FROM accounts WHERE id = :account
      ON CONFLICT (idempotency_key) DO NOTHING
      """;
  private static final String EARLIER =
      "SELECT account_id, amount FROM admin_credit_grants WHERE idempotency_key = :key";

  private record Grant(UUID account, long amount) {}

  private final CreditLedger ledger;
  private final JdbcClient jdbc;
  private final TransactionTemplate transaction;
  private final Clock clock;

  CreditTopUp(CreditLedger ledger, JdbcClient jdbc, TransactionTemplate transaction, Clock clock) {
    this.ledger = ledger;
    this.jdbc = jdbc;
    this.transaction = transaction;
    this.clock = clock;
  }

  /**
   * Adds {@code amount} credits to {@code account}, at most once per {@code key} when one given.
   */
  public Outcome add(UUID account, long amount, Optional<String> key) {
    return transaction.execute(
        status ->
            key.isPresent()
                ? claimThenCredit(account, amount, key.get())
                : credit(account, amount));
  }

  private Outcome claimThenCredit(UUID account, long amount, String key) {
    Optional<Outcome> outcome = tryClaim(account, amount, key);
    // Neither claimed nor found: no such account, or key retention forgot the grant between the
    // two statements (72 h after it). Then the key is free, as for any later call, and claiming
    // again takes it; for an unknown account it finds nothing again.
    return outcome.or(() -> tryClaim(account, amount, key)).orElse(Outcome.NO_ACCOUNT);
  }

  private Optional<Outcome> tryClaim(UUID account, long amount, String key) {
    int claimed =
        jdbc.sql(CLAIM)
            .param("key", key)
            .param("amount", amount)
            .param("at", Timestamp.from(clock.instant()))
            .param("account", account)
            .update();
    if (claimed == 1) {
      if (!ledger.credit(account, amount)) {
        // The claim's foreign key holds the account row until commit: cannot happen.
        throw new IllegalStateException("account " + account + " vanished under its top-up");
      }
      return Optional.of(Outcome.ADDED);
    }
    return jdbc.sql(EARLIER)
        .param("key", key)
        .query((row, number) -> new Grant(row.getObject(1, UUID.class), row.getLong(2)))
        .optional()
        .map(
            grant ->
                grant.account().equals(account) && grant.amount() == amount
                    ? Outcome.REPLAYED
                    : Outcome.CONFLICT);
  }

  private Outcome credit(UUID account, long amount) {
    return ledger.credit(account, amount) ? Outcome.ADDED : Outcome.NO_ACCOUNT;
  }
}
