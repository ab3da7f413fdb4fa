package io.cardgen.common.wire;

import java.util.UUID;

/**
 * The wake-up a worker publishes to {@code cardgen.replies} when a job reaches a final state. The
 * waiting gateway re-reads the job row; the reply itself carries no outcome to trust.
 */
public record JobReply(UUID jobId) {}
