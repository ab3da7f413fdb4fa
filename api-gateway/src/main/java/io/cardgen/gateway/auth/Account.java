package io.cardgen.gateway.auth;

import io.cardgen.common.request.ApiRevision;
import java.util.UUID;

/**
 * An account as the gateway sees it.
 *
 * @param planId {@code null} when the account has no plan
 * @param balance credits not yet charged, reserved ones included
 * @param reserved credits held by jobs in progress
 */
public record Account(
    UUID id, String name, Long planId, ApiRevision apiRevision, long balance, long reserved) {}
