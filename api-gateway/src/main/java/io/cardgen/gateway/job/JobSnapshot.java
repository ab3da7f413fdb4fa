package io.cardgen.gateway.job;

import io.cardgen.common.error.ErrorCode;
import io.cardgen.common.error.Messages;
import io.cardgen.common.wire.JobState;
import java.util.Optional;
import java.util.UUID;

/**
 * What the gateway knows of a job when it answers: its state, the stored failure, the card.
 *
 * @param errorCode set when the job failed
 * @param errorDetail what the worker said of the failure beyond its code (which photo failed and
 *     why), or null
 * @param card set when the job succeeded
 */
public record JobSnapshot(
    UUID id,
    String fingerprint,
    JobState state,
    ErrorCode errorCode,
    String errorDetail,
    StoredCard card) {

  /** The failure's message: the worker's detail when it gave one, else the code's text. */
  public String errorMessage() {
    return errorDetail != null ? errorDetail : Messages.of(errorCode);
  }

  public Optional<StoredCard> optionalCard() {
    return Optional.ofNullable(card);
  }
}
