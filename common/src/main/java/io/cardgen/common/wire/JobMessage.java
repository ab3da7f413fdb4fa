package io.cardgen.common.wire;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.Map;
import java.util.UUID;

/**
 * The record published to {@code cardgen.jobs}, keyed by the idempotency key. It names the job:
 * PostgreSQL holds everything that decides it, so a lost or repeated message never changes an
 * outcome.
 *
 * <p>It may also carry copies of the job's stored photos, by object key, when the gateway that just
 * stored them found them small enough (ADR 0024): the worker then does not read back from the
 * bucket what the gateway wrote a moment before. The bucket stays the authority — the card names
 * its objects, and a message without copies (a republish, a batch item, large photos) makes the
 * worker read them there.
 *
 * @param photos the photos' bytes by object key; empty when none ride along
 */
public record JobMessage(
    UUID jobId, @JsonInclude(JsonInclude.Include.NON_EMPTY) Map<String, byte[]> photos) {

  public JobMessage {
    photos = photos == null ? Map.of() : Map.copyOf(photos);
  }

  /** A message that only names its job. */
  public JobMessage(UUID jobId) {
    this(jobId, Map.of());
  }
}
