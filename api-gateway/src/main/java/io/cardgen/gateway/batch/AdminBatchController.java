package io.cardgen.gateway.batch;

import io.cardgen.common.batch.BatchObject;
import io.cardgen.gateway.admin.AdminErrors;
import io.cardgen.gateway.admin.AdminPages;
import io.cardgen.gateway.auth.AccountRepository;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.UUID;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/**
 * Any account's batches for an operator: an account whose plan is taken away, or that abuses the
 * service, keeps its batches running and charging until someone cancels them, and before this only
 * the account could. The list and the cancel are the account's own (batch-api §1, §5) — the same
 * batch objects, cursors and cancellation — answered in the admin API's shape: the object itself,
 * no envelope. Like the rest of {@code /admin}, served only on the management port and only with
 * the admin token.
 */
@RestController
class AdminBatchController {

  private static final Logger log = LoggerFactory.getLogger(AdminBatchController.class);

  private final AccountRepository accounts;
  private final BatchListing listing;
  private final BatchCancellation cancellation;

  AdminBatchController(
      AccountRepository accounts, BatchListing listing, BatchCancellation cancellation) {
    this.accounts = accounts;
    this.listing = listing;
    this.cancellation = cancellation;
  }

  /** Newest first, batches in every state; {@code next} is passed back as {@code after}. */
  @GetMapping("/admin/accounts/{id}/batches")
  ResponseEntity<?> list(
      @PathVariable("id") UUID account,
      @RequestParam(name = "after", required = false) String after,
      @RequestParam(name = "limit", required = false) String limit) {
    if (accounts.findById(account).isEmpty()) {
      return AdminErrors.notFound();
    }
    OptionalInt size = AdminPages.size(limit);
    if (size.isEmpty()) {
      return AdminPages.invalidLimit();
    }
    ListCursor cursor = after == null ? null : ListCursor.parse(after);
    if (after != null && cursor == null) {
      return AdminErrors.invalid("after: курсор из поля next");
    }
    return listing
        .page(account, cursor, size.getAsInt())
        .<ResponseEntity<?>>map(ResponseEntity::ok)
        .orElseGet(() -> AdminErrors.invalid("after: курсор из поля next"));
  }

  /**
   * Cancels as the account's own cancel does, whichever account owns the batch: a finished batch is
   * answered as it is, unchanged.
   */
  @PostMapping("/admin/batches/{id}/cancel")
  ResponseEntity<?> cancel(@PathVariable("id") String id) {
    UUID row = BatchObject.rowId(id);
    Optional<BatchObject> batch =
        row == null ? Optional.empty() : cancellation.cancelForOperator(row);
    batch.ifPresent(
        cancelled ->
            log.info(
                "Admin cancel of batch {}: now {}, {} of its items cancelled",
                cancelled.id(),
                cancelled.status(),
                cancelled.counts().cancelled()));
    return batch.<ResponseEntity<?>>map(ResponseEntity::ok).orElseGet(AdminErrors::notFound);
  }
}
