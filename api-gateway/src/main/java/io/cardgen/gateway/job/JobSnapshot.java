package io.cardgen.gateway.job;

import io.cardgen.common.error.ErrorCode;
import io.cardgen.common.wire.JobState;
import java.util.Optional;
import java.util.UUID;

/**
 * What the gateway knows of a job when it answers: its state, the stored failure, the card.
 *
 * @param errorCode set when the job failed
 * @param card set when the job succeeded
 */
public record JobSnapshot(
    UUID id, String fingerprint, JobState state, ErrorCode errorCode, StoredCard card) {

  public Optional<StoredCard> optionalCard() {
    return Optional.ofNullable(card);
  }
}
