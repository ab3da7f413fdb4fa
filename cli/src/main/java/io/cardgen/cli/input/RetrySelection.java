package io.cardgen.cli.input;

import java.util.Set;

/**
 * The items of an earlier batch that failed, to be submitted again from the file that batch was
 * made from ({@code submit FILE --retry-failed-of ID}).
 *
 * @param batchId the earlier batch; it goes into the idempotency key, so retrying the failures of a
 *     retry makes a new batch even when they are the same items
 * @param customIds the failed items' {@code custom_id}s
 */
public record RetrySelection(String batchId, Set<String> customIds) {

  public RetrySelection {
    customIds = Set.copyOf(customIds);
  }
}
