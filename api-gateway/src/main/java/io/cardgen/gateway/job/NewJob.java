package io.cardgen.gateway.job;

import java.util.UUID;

/** A job about to be recorded: the key it answers to and what to generate. */
record NewJob(
    UUID id, UUID accountId, String idempotencyKey, String fingerprint, String specJson) {}
