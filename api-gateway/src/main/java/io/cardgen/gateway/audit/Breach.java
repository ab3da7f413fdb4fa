package io.cardgen.gateway.audit;

import com.fasterxml.jackson.annotation.JsonValue;
import java.util.UUID;

/**
 * One broken invariant of the books.
 *
 * @param jobId {@code null} for a breach of a whole account
 */
public record Breach(Kind kind, UUID accountId, UUID jobId, String detail) {

  /** What is wrong; the wire name is what {@code GET /admin/audit} reports. */
  public enum Kind {
    /** balance + charged differs from what was credited. */
    BALANCE_MISMATCH,
    /** reserved differs from the jobs in progress, or from the ledger's open reservations. */
    RESERVED_MISMATCH,
    /** more credit held than the account has. */
    OVERDRAWN,
    /** a job's state, credit state and ledger entries disagree (a double or missing move). */
    SETTLEMENT_MISMATCH,
    /** a charge with no card to show for it. */
    CHARGE_WITHOUT_CARD,
    /** a card nobody paid for. */
    CARD_WITHOUT_CHARGE,
    /** a credit held longer than any healthy job lives. */
    STALE_RESERVATION,
    /** the audit's running totals differ from the ledger rows they cover (full audits only). */
    TOTALS_MISMATCH;

    @JsonValue
    public String wireName() {
      return name().toLowerCase(java.util.Locale.ROOT);
    }
  }
}
