package io.cardgen.common.wire;

import java.util.UUID;

/**
 * The record published to {@code cardgen.jobs}, keyed by the idempotency key. It only names the
 * job: PostgreSQL holds everything else, so a lost or repeated message never changes an outcome.
 */
public record JobMessage(UUID jobId) {}
