package io.cardgen.gateway.admin;

import java.util.OptionalInt;
import org.springframework.http.ResponseEntity;

/**
 * The page size of the admin API's lists ({@code ?limit=}), one rule for all of them, so a script
 * that walks accounts walks their batches the same way.
 */
public final class AdminPages {

  public static final int DEFAULT_LIMIT = 100;
  public static final int MAX_LIMIT = 500;

  private AdminPages() {}

  /** The page size {@code limit} asks for (null: the default); empty when it is no valid size. */
  public static OptionalInt size(String limit) {
    if (limit == null) {
      return OptionalInt.of(DEFAULT_LIMIT);
    }
    if (limit.isEmpty()
        || limit.length() > 9
        || !limit.chars().allMatch(c -> c >= '0' && c <= '9')) {
      return OptionalInt.empty();
    }
    int size = Integer.parseInt(limit);
    return size >= 1 && size <= MAX_LIMIT ? OptionalInt.of(size) : OptionalInt.empty();
  }

  /** The 422 of a {@code limit} that {@link #size} refused. */
  public static ResponseEntity<?> invalidLimit() {
    return AdminErrors.invalid("limit: целое число от 1 до " + MAX_LIMIT);
  }
}
