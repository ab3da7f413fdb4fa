package io.cardgen.gateway.auth;

import io.cardgen.gateway.plan.Plan;
import java.util.Optional;

/**
 * The account an API key belongs to, with its plan (empty when the account has none), read in one
 * statement: every public request needs both before anything else.
 */
public record Caller(Account account, Optional<Plan> plan) {}
