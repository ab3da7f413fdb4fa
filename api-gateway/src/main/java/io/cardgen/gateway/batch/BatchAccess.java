package io.cardgen.gateway.batch;

import io.cardgen.common.error.ErrorCode;
import io.cardgen.common.request.ApiRevision;
import io.cardgen.gateway.auth.Account;
import io.cardgen.gateway.auth.Caller;
import io.cardgen.gateway.plan.Plan;
import io.cardgen.gateway.ratelimit.RateLimiter;
import java.util.Optional;
import org.springframework.http.ResponseEntity;
import org.springframework.stereotype.Component;

/**
 * Who may use the batch endpoints, checked in the synchronous endpoint's order: the API key (401),
 * the revision (batches are a current-revision feature: 400 in the earlier one), the plan and its
 * API access (403), then the rate limit (429): the plan's own for creation, the larger read bucket
 * ({@link io.cardgen.gateway.ratelimit.RateLimitProperties}) for every other batch endpoint.
 */
@Component
class BatchAccess {

  sealed interface Decision {}

  record Granted(Account account, Plan plan) implements Decision {}

  record Denied(ResponseEntity<BatchEnvelope> answer) implements Decision {}

  private final RateLimiter rateLimiter;

  BatchAccess(RateLimiter rateLimiter) {
    this.rateLimiter = rateLimiter;
  }

  /**
   * @param creation whether the call creates a batch (the plan's limit) or reads or cancels one
   *     (the read bucket)
   */
  Decision check(String authorization, boolean creation) {
    // Every call counts against a bucket in the authenticating statement, except for a caller that
    // the checks below refuse first (no plan, no API access, the earlier revision).
    Optional<RateLimiter.Admission> admission =
        creation
            ? rateLimiter.authenticateAndAdmit(authorization, false)
            : rateLimiter.authenticateAndAdmitRead(authorization);
    if (admission.isEmpty()) {
      return new Denied(BatchAnswers.error(ErrorCode.UNAUTHORIZED));
    }
    Caller caller = admission.get().caller();
    Account account = caller.account();
    if (account.apiRevision() == ApiRevision.LEGACY) {
      return new Denied(BatchAnswers.legacy());
    }
    Optional<Plan> plan = caller.plan();
    if (plan.isEmpty()) {
      return new Denied(BatchAnswers.error(ErrorCode.PLAN_REQUIRED));
    }
    if (!plan.get().apiAccess()) {
      return new Denied(BatchAnswers.error(ErrorCode.API_UNAVAILABLE));
    }
    if (admission.get().rate().orElseThrow() instanceof RateLimiter.Limited limited) {
      int perMinute = plan.get().rateLimitPerMinute();
      return new Denied(
          creation
              ? BatchAnswers.rateLimited(perMinute, limited.retryAfterSeconds())
              : BatchAnswers.readsLimited(
                  rateLimiter.readsPerMinute(perMinute), limited.retryAfterSeconds()));
    }
    return new Granted(account, plan.get());
  }
}
