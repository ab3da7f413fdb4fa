package io.cardgen.gateway.job;

import io.cardgen.common.error.ErrorCode;
import io.cardgen.gateway.reply.ReplyWaiter;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;

/** What happened to a submitted request before any waiting. */
public sealed interface Submission {

  /** The idempotency key the request is known by (generated when the client sent none). */
  String idempotencyKey();

  /**
   * A new job was recorded with its credit reserved and published; {@code reply} completes when the
   * job may have finished (a reply arrived, or the wait timed out), with which of them it was: then
   * re-read it.
   */
  record Started(UUID jobId, String idempotencyKey, CompletableFuture<ReplyWaiter.Wake> reply)
      implements Submission {}

  /** The key was used before with the same fields: answer from the stored job. */
  record Replayed(JobSnapshot job, String idempotencyKey) implements Submission {}

  /** Refused before anything was recorded; nothing was reserved. */
  record Refused(ErrorCode code, String message, String idempotencyKey) implements Submission {}
}
