package io.cardgen.gateway.api;

import io.cardgen.common.error.ErrorCode;
import io.cardgen.common.error.Messages;
import io.cardgen.common.request.ApiRevision;
import io.cardgen.common.request.GenerationRequest;
import io.cardgen.common.request.IdempotencyKeys;
import io.cardgen.common.request.ParseResult;
import io.cardgen.common.request.RequestParser;
import io.cardgen.common.stage.OldestFirstGate;
import io.cardgen.gateway.auth.Account;
import io.cardgen.gateway.job.JobSubmission;
import io.cardgen.gateway.job.Submission;
import io.cardgen.gateway.plan.Plan;
import io.cardgen.gateway.ratelimit.RateLimiter;
import io.cardgen.gateway.reply.ReplyProperties;
import io.cardgen.gateway.web.ContentCoding;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.Executor;
import org.springframework.beans.factory.annotation.Qualifier;
import org.springframework.http.HttpHeaders;
import org.springframework.http.ResponseEntity;
import org.springframework.util.unit.DataSize;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestHeader;
import org.springframework.web.bind.annotation.RestController;

/**
 * {@code POST /api/text/product}. Checks run in the order of spec §5, the cheap ones first: key,
 * plan, API access, the plan's rate limit (before the body is read; the key and the rate limit in
 * one statement, {@link RateLimiter#authenticateAndAdmit}), the media type, room to read the body
 * ({@link IntakeMemory}: 503 with Retry-After when none frees up in time), body size, encoding and
 * syntax, the body's field rules, the Idempotency-Key header, plan options, plan limits, photos,
 * idempotency, credit. The first failing check answers; docs/api-errors.md lists them. The request
 * thread is released while the job runs: {@link AsyncAnswers} writes the answer once the reply or
 * the timeout wakes the request. The intake and the answer are sections of the {@link
 * OldestFirstGate}: in a burst, the requests that came first go first.
 */
@RestController
class ProductCardController {

  private final RateLimiter rateLimiter;
  private final DataSize bodyLimit;
  private final RequestBody body;
  private final JobSubmission submission;
  private final long retryAfterSeconds;
  private final Duration backstop;
  private final Executor answerExecutor;
  private final AsyncAnswers later;
  private final IntakeMemory intakeMemory;
  private final OldestFirstGate gate;

  ProductCardController(
      RateLimiter rateLimiter,
      BodyLimitProperties bodyLimit,
      RequestBody body,
      JobSubmission submission,
      ReplyProperties replyProperties,
      @Qualifier("applicationTaskExecutor") Executor answerExecutor,
      AsyncAnswers later,
      IntakeMemory intakeMemory,
      OldestFirstGate gate) {
    this.gate = gate;
    this.answerExecutor = answerExecutor;
    this.intakeMemory = intakeMemory;
    this.later = later;
    this.rateLimiter = rateLimiter;
    this.bodyLimit = bodyLimit.maxBodySize();
    this.body = body;
    this.submission = submission;
    this.retryAfterSeconds = Math.max(1, replyProperties.retryAfter().toSeconds());
    // The reply wait always ends first (its sweep wakes every request at the timeout); this only
    // keeps a request from staying open forever should that ever fail.
    this.backstop = replyProperties.timeout().plusMinutes(1);
  }

  /** Answers at once when refused or replayed; {@code null} when the answer is written later. */
  @PostMapping("/api/text/product")
  ResponseEntity<Envelope> generate(
      HttpServletRequest request,
      HttpServletResponse response,
      @RequestHeader(name = HttpHeaders.AUTHORIZATION, required = false) String authorization,
      @RequestHeader(name = Answers.IDEMPOTENCY_KEY, required = false) String idempotencyKey) {
    long origin = OldestFirstGate.originNow();
    return gate.run(
        origin,
        () -> generate(new Incoming(request, response, origin), authorization, idempotencyKey));
  }

  /** The servlet's request and answer, and when the request arrived. */
  private record Incoming(HttpServletRequest request, HttpServletResponse response, long origin) {}

  private ResponseEntity<Envelope> generate(
      Incoming incoming, String authorization, String idempotencyKey) {
    HttpServletRequest request = incoming.request();
    Optional<RateLimiter.Admission> admission =
        rateLimiter.authenticateAndAdmit(authorization, true);
    if (admission.isEmpty()) {
      return Answers.error(ErrorCode.UNAUTHORIZED, ApiRevision.CURRENT);
    }
    Account account = admission.get().caller().account();
    ApiRevision revision = account.apiRevision();
    CallerRevision.remember(request, revision);
    Optional<Plan> plan = admission.get().caller().plan();
    Optional<ResponseEntity<Envelope>> refused =
        refuseAccess(revision, plan, admission.get().rate());
    if (refused.isPresent()) {
      return refused.get();
    }
    if (!JsonContentType.accepts(request.getContentType())) {
      return Answers.error(ErrorCode.UNSUPPORTED_MEDIA_TYPE, revision);
    }
    if (!ContentCoding.isIdentity(request)) {
      return Answers.error(
          ErrorCode.UNSUPPORTED_MEDIA_TYPE, Messages.format("body.content_encoding"), revision);
    }
    // Waiting for memory, and then for the client's bytes, is not CPU work: outside the permit,
    // or a few slow uploads would hold every permit of the gate.
    Optional<IntakeMemory.Lease> room =
        gate.outside(() -> intakeMemory.admit(request.getContentLengthLong(), account.id()));
    if (room.isEmpty()) {
      return Answers.unavailable(revision, retryAfterSeconds);
    }
    // Until the photos are stored and the job published: what the body took is garbage then.
    try (IntakeMemory.Lease lease = room.get()) {
      return readAndSubmit(incoming, account, revision, plan.get(), idempotencyKey, lease);
    }
  }

  private ResponseEntity<Envelope> readAndSubmit(
      Incoming incoming,
      Account account,
      ApiRevision revision,
      Plan plan,
      String idempotencyKey,
      IntakeMemory.Lease lease) {
    RequestBody.Read read = gate.outside(() -> body.read(incoming.request(), lease::settle));
    if (read instanceof RequestBody.NoRoom) {
      return Answers.unavailable(revision, retryAfterSeconds);
    }
    if (read instanceof RequestBody.TooLarge) {
      return Answers.tooLarge(revision, bodyLimit);
    }
    if (read instanceof RequestBody.Unreadable) {
      return Answers.error(ErrorCode.BAD_REQUEST, revision);
    }
    if (read instanceof RequestBody.Malformed malformed) {
      return invalid(malformed.message(), revision);
    }
    ParseResult result = new RequestParser(revision).parse(((RequestBody.Parsed) read).json());
    if (result instanceof ParseResult.Invalid invalid) {
      return invalid(invalid.message(), revision);
    }
    GenerationRequest generation = ((ParseResult.Valid) result).request();
    return submit(account, plan, generation, idempotencyKey, revision, incoming);
  }

  /**
   * The checks that need the account but not the body: plan, API access, rate limit (counted with
   * the authentication, for a plan with API access only).
   */
  private static Optional<ResponseEntity<Envelope>> refuseAccess(
      ApiRevision revision, Optional<Plan> plan, Optional<RateLimiter.Decision> rate) {
    if (plan.isEmpty()) {
      return Optional.of(Answers.error(ErrorCode.PLAN_REQUIRED, revision));
    }
    if (!plan.get().apiAccess()) {
      return Optional.of(Answers.error(ErrorCode.API_UNAVAILABLE, revision));
    }
    int perMinute = plan.get().rateLimitPerMinute();
    if (rate.orElseThrow() instanceof RateLimiter.Limited limited) {
      return Optional.of(Answers.rateLimited(revision, perMinute, limited.retryAfterSeconds()));
    }
    return Optional.empty();
  }

  private ResponseEntity<Envelope> submit(
      Account account,
      Plan plan,
      GenerationRequest request,
      String headerKey,
      ApiRevision revision,
      Incoming incoming) {
    String key = revision == ApiRevision.LEGACY ? null : headerKey;
    if (key != null && !IdempotencyKeys.isValid(key)) {
      return invalid(Messages.format("invalid.idempotency_header"), revision);
    }
    if (key != null && request.requestId() != null && !key.equals(request.requestId())) {
      return invalid(Messages.format("invalid.idempotency_mismatch"), revision);
    }
    String clientKey = key != null ? key : request.requestId();
    String effectiveKey = clientKey != null ? clientKey : JobSubmission.serverKey();
    IssuedKey.remember(incoming.request(), effectiveKey);
    Submission outcome =
        submission.submit(
            account, plan, request, effectiveKey, clientKey != null, incoming.origin());
    if (outcome instanceof Submission.Refused refused) {
      return Answers.refused(refused, revision, retryAfterSeconds);
    }
    if (outcome instanceof Submission.Replayed replayed) {
      return Answers.of(replayed.job(), replayed.idempotencyKey(), revision, retryAfterSeconds);
    }
    Submission.Started started = (Submission.Started) outcome;
    String startedKey = started.idempotencyKey();
    // Re-read on a pool thread: the future is completed by the reply listener or the timeout
    // sweep, and neither may be held up by a database query.
    later.answerLater(
        incoming.request(),
        incoming.response(),
        started
            .reply()
            .thenApplyAsync(
                wake ->
                    gate.run(
                        incoming.origin(),
                        () ->
                            Answers.of(
                                submission.current(started.jobId(), wake),
                                startedKey,
                                revision,
                                retryAfterSeconds)),
                answerExecutor),
        backstop,
        () -> Answers.withKey(Answers.unavailable(revision, retryAfterSeconds), startedKey));
    return null;
  }

  private static ResponseEntity<Envelope> invalid(String message, ApiRevision revision) {
    return Answers.error(ErrorCode.INVALID_PARAMETERS, message, revision);
  }
}
