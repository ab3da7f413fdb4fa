package io.cardgen.gateway.audit;

import io.cardgen.gateway.audit.AuditQueries.AccountBooks;
import java.util.List;

/** The per-account invariants of the books. */
final class AccountChecks {

  private AccountChecks() {}

  static void check(AccountBooks books, List<Breach> breaches) {
    if (books.balance() + books.charged() != books.credited()) {
      breaches.add(
          breach(
              Breach.Kind.BALANCE_MISMATCH,
              books,
              "balance %d + charged %d != credited %d"
                  .formatted(books.balance(), books.charged(), books.credited())));
    }
    long openInLedger = books.reservations() - books.charged() - books.released();
    if (books.reserved() != books.holding() || books.reserved() != openInLedger) {
      breaches.add(
          breach(
              Breach.Kind.RESERVED_MISMATCH,
              books,
              "reserved %d, jobs in progress %d, open reservations in the ledger %d"
                  .formatted(books.reserved(), books.holding(), openInLedger)));
    }
    if (books.reserved() > books.balance() || books.reserved() < 0) {
      breaches.add(
          breach(
              Breach.Kind.OVERDRAWN,
              books,
              "reserved %d of a balance of %d".formatted(books.reserved(), books.balance())));
    }
  }

  private static Breach breach(Breach.Kind kind, AccountBooks books, String detail) {
    return new Breach(kind, books.id(), null, detail);
  }
}
