package io.cardgen.gateway.batch;

import io.cardgen.common.batch.BatchObject;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import org.springframework.stereotype.Component;

/**
 * One page of an account's batches, newest first, as {@code {items, next}}: the account's own list
 * (batch-api §1) and the operator's ({@code GET /admin/accounts/{id}/batches}) give the same batch
 * objects and take the same cursors.
 */
@Component
class BatchListing {

  private final BatchStore store;

  BatchListing(BatchStore store) {
    this.store = store;
  }

  /**
   * Up to {@code size} batches after {@code cursor} (null: from the newest); empty when the cursor
   * is a bare batch id that is not (or no longer) the account's.
   */
  Optional<Map<String, Object>> page(UUID account, ListCursor cursor, int size) {
    List<BatchObject> page = store.page(account, cursor, size + 1);
    // Rows after a bare batch id that is not the account's batch (or no longer is) compare with
    // NULL, so an unknown one gives an empty page: told apart from the list's end here, after the
    // page. A cursor with its time needs no batch to exist (ListCursor).
    if (page.isEmpty()
        && cursor != null
        && cursor.createdAt() == null
        && !store.exists(account, cursor.batch())) {
      return Optional.empty();
    }
    boolean more = page.size() > size;
    List<BatchObject> items = more ? page.subList(0, size) : page;
    Map<String, Object> data = new LinkedHashMap<>();
    data.put("items", items);
    data.put("next", more ? ListCursor.after(items.get(items.size() - 1)) : null);
    return Optional.of(data);
  }
}
