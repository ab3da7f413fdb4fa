package io.cardgen.worker.job;

import io.cardgen.common.wire.CardSpec;
import java.util.UUID;

/** A job this worker holds a lease on. {@code owner} is checked again by every later move. */
record ClaimedJob(UUID id, UUID accountId, String owner, int attempt, CardSpec spec) {}
