package io.cardgen.worker.webhook;

import java.time.Instant;
import java.util.UUID;

/**
 * A delivery this worker has claimed for one attempt.
 *
 * @param id the webhook-id, the same on every attempt
 * @param attempt the number of this attempt, 1 for the first
 * @param createdAt when the event happened; retries stop a {@code retry-for} after it
 * @param payload the exact body to POST; never logged
 */
record DueWebhook(
    UUID id, UUID accountId, String url, String payload, int attempt, Instant createdAt) {

  @Override
  public String toString() {
    return "DueWebhook[" + id + ", attempt " + attempt + "]";
  }
}
