package io.cardgen.worker.llm;

import dev.langchain4j.exception.AuthenticationException;
import dev.langchain4j.exception.ContentFilteredException;
import dev.langchain4j.exception.HttpException;
import dev.langchain4j.exception.RateLimitException;
import dev.langchain4j.exception.RetriableException;
import dev.langchain4j.model.chat.ChatModel;
import dev.langchain4j.model.chat.request.ChatRequest;
import dev.langchain4j.model.chat.response.ChatResponse;
import dev.langchain4j.model.output.TokenUsage;
import io.cardgen.common.error.ErrorCode;
import java.io.IOException;
import java.time.Duration;
import java.time.Instant;
import java.time.InstantSource;
import java.util.Locale;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Calls the model, retrying transient provider failures with exponential backoff inside the card's
 * time budget. langchain4j's own retries are switched off (maxRetries 0) because they know neither
 * the budget nor our backoff. How langchain4j 1.19 surfaces failures (verified against a stub
 * server in the tests): HTTP 5xx → {@code InternalServerException}, 429 → {@code
 * RateLimitException}, 408 and read timeouts → {@code TimeoutException} (all {@link
 * RetriableException}); a refused connection → a plain RuntimeException caused by an IOException;
 * other 4xx → non-retriable exceptions; a {@code refusal} in the answer → {@link
 * ContentFilteredException}.
 */
final class ProviderCall {

  private static final Logger log = LoggerFactory.getLogger(ProviderCall.class);
  private static final int MAX_DETAIL = 300;
  private static final String NO_QUOTA = "insufficient_quota";

  /** How langchain4j's OpenAI client words an answer whose {@code choices} is empty. */
  private static final String NO_CHOICES = "no choices";

  private final ChatModel model;
  private final ProviderGate gate;
  private final InstantSource clock;
  private final Duration budget;
  private final Duration attemptTimeout;
  private final Duration firstBackoff;
  private final int maxRetries;
  private final AnswerFormat format;
  private final LlmRequestTimer requests;

  ProviderCall(ChatModel model, LlmProperties properties, InstantSource clock) {
    this(model, ProviderGate.unshared(Integer.MAX_VALUE, clock), properties, clock);
  }

  ProviderCall(ChatModel model, ProviderGate gate, LlmProperties properties, InstantSource clock) {
    this(model, gate, properties, clock, LlmRequestTimer.unregistered());
  }

  ProviderCall(
      ChatModel model,
      ProviderGate gate,
      LlmProperties properties,
      InstantSource clock,
      LlmRequestTimer requests) {
    this.model = model;
    this.requests = requests;
    this.gate = gate;
    this.clock = clock;
    this.budget = properties.timeout();
    this.attemptTimeout = properties.attemptTimeout();
    this.firstBackoff = properties.retryBackoff();
    this.maxRetries = properties.maxRetries();
    this.format = properties.responseFormat();
  }

  /** When the card's time is up, if it starts now: both rounds of a card share this deadline. */
  Instant deadline() {
    return clock.instant().plus(budget);
  }

  /** Whether a whole attempt still fits before {@code deadline}, the rule every retry follows. */
  boolean hasTimeForAnAttempt(Instant deadline) {
    return !clock.instant().plus(attemptTimeout).isAfter(deadline);
  }

  /**
   * Calls the model once and retries transient failures while a full attempt still fits before
   * {@code deadline}. The first attempt always starts, once the {@link ProviderGate} lets it. A 429
   * whose answer says when to come back ({@code Retry-After}, a used-up {@code x-ratelimit-*}
   * window) is retried after that pause instead of the backoff, and the pause holds every call of
   * this worker; another retried answer (a 503, say) with {@code Retry-After} or {@code
   * retry-after-ms} holds this call alone that long. Either still counts as a retry, and a wait
   * that leaves no whole attempt before the deadline fails the call at once. A retry waits at the
   * gate only while a whole attempt still fits after it; the first attempt up to the deadline,
   * since failing a card that never reached the provider is worse than a call that may outlast its
   * lease (the sweeper then hands the job on, and its end is written once).
   *
   * @throws CallInterrupted when the thread is interrupted (the worker stops): the card has not
   *     failed, and its job is given back rather than ended
   */
  Step<ChatResponse> call(ChatRequest request, Instant deadline) {
    Duration backoff = firstBackoff;
    for (int attempt = 1; ; attempt++) {
      Optional<ProviderGate.Pass> pass;
      try {
        pass = gate.enter(attempt == 1 ? deadline : latestStart(deadline));
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new CallInterrupted(e);
      }
      if (pass.isEmpty()) {
        return Step.stop(
            ErrorCode.GENERATION_FAILED, "time budget spent waiting for the provider's rate limit");
      }
      long started = System.nanoTime();
      try {
        ChatResponse response = model.chat(request);
        requests.record(LlmRequestTimer.Outcome.SUCCESS, started);
        pass.get().succeeded(tokens(response));
        return Step.ok(response);
      } catch (ContentFilteredException e) {
        requests.record(LlmRequestTimer.Outcome.REFUSED, started);
        pass.get().ended();
        return Step.stop(ErrorCode.GENERATION_REFUSED, "the model refused: " + describe(e));
      } catch (RuntimeException e) {
        if (isInterruption(e)) {
          pass.get().ended();
          throw new CallInterrupted(e);
        }
        if (isAnswerWithoutChoices(e)) {
          // A 200 whose "choices" is empty: an empty answer (spec §7), not a provider failure
          // to retry; langchain4j reports it as a retriable server error.
          requests.record(LlmRequestTimer.Outcome.SUCCESS, started);
          pass.get().ended();
          return Step.stop(ErrorCode.GENERATION_EMPTY, "the answer has no choices");
        }
        RateLimitHeaders limit = rateLimitOf(e);
        requests.record(
            isRateLimited(e) ? LlmRequestTimer.Outcome.RATE_LIMITED : LlmRequestTimer.Outcome.ERROR,
            started);
        if (isRateLimited(e)) {
          pass.get().rateLimited(limit);
        } else {
          pass.get().ended();
        }
        String detail = describe(e);
        if (!isTransient(e)) {
          return Step.stop(ErrorCode.GENERATION_FAILED, detail + settingHint(e));
        }
        log.warn("LLM call attempt {} failed: {}", attempt, detail);
        if (attempt > maxRetries) {
          return Step.stop(ErrorCode.GENERATION_FAILED, attempt + " attempts failed: " + detail);
        }
        // A 429 that says when to come back: the gate holds every call of this worker that long.
        Optional<Duration> paced = isRateLimited(e) ? limit.pause() : Optional.empty();
        // Any other retried answer that says so (a 503's Retry-After) holds this call alone, in
        // place of the backoff. Not the worker: a 429 speaks of our account's quota, which every
        // call shares, but a 503 of the provider's servers, often one overloaded replica behind a
        // balancer while the others answer; one such answer must not stall a thousand calls for up
        // to the header's ten-minute cap. A provider down for everyone answers each call so, and
        // each then waits the time it was told.
        Duration own = paced.isPresent() ? Duration.ZERO : limit.retryAfter().orElse(backoff);
        if (!hasTimeForAnAttempt(deadline.minus(paced.orElse(own)))) {
          return Step.stop(ErrorCode.GENERATION_FAILED, "time budget spent: " + detail);
        }
        if (paced.isEmpty()) {
          pause(gate.withJitter(own));
          backoff = backoff.multipliedBy(2);
        }
      } finally {
        // An Error (a stack overflow building the request) must give the slot back too: a leaked
        // one stays in flight for good, and at a limit cut to 1 by 429s it stops every call.
        pass.get().ended();
      }
    }
  }

  private static long tokens(ChatResponse response) {
    TokenUsage usage = response.tokenUsage();
    Integer total = usage == null ? null : usage.totalTokenCount();
    return total == null ? 0 : total;
  }

  private static boolean isRateLimited(RuntimeException e) {
    HttpException http = httpCause(e);
    return e instanceof RateLimitException || (http != null && http.statusCode() == 429);
  }

  /** What the failed answer's headers say; nothing when it had none (or no answer came). */
  private static RateLimitHeaders rateLimitOf(Throwable e) {
    for (Throwable t = e; t != null; t = t.getCause()) {
      if (t instanceof ProviderHttpException answer) {
        return answer.rateLimit();
      }
    }
    return RateLimitHeaders.NONE;
  }

  /**
   * A 429 is usually a rate limit that passes within seconds, but OpenAI also answers 429 with
   * {@code insufficient_quota} when the account has run out of money: retrying that only delays the
   * failure.
   */
  private static boolean isTransient(RuntimeException e) {
    if (e instanceof RetriableException) {
      HttpException http = httpCause(e);
      return http == null || http.getMessage() == null || !http.getMessage().contains(NO_QUOTA);
    }
    return e.getCause() instanceof IOException;
  }

  /**
   * The way out of a refusal that would fail every card alike: a provider that answers 400 to the
   * request's {@code response_format} (DeepSeek: "This response_format type is unavailable now")
   * takes no JSON schema there, and only the setting below makes it usable.
   */
  private String settingHint(RuntimeException e) {
    HttpException http = httpCause(e);
    boolean refusedFormat =
        http != null
            && http.statusCode() == 400
            && http.getMessage() != null
            && http.getMessage().contains("response_format");
    return refusedFormat && format == AnswerFormat.JSON_SCHEMA
        ? "; if the provider does not take a JSON schema as response_format, set"
            + " CARDGEN_LLM_RESPONSE_FORMAT=json-object"
        : "";
  }

  /** When a retry may start at the latest: a whole attempt before {@code deadline}, or now. */
  private Instant latestStart(Instant deadline) {
    Instant latest = deadline.minus(attemptTimeout);
    Instant now = clock.instant();
    return latest.isBefore(now) ? now : latest;
  }

  private static boolean isInterruption(Throwable e) {
    if (Thread.currentThread().isInterrupted()) {
      return true;
    }
    for (Throwable t = e; t != null; t = t.getCause()) {
      if (t instanceof InterruptedException) {
        return true;
      }
    }
    return false;
  }

  private static void pause(Duration backoff) {
    try {
      Thread.sleep(backoff.toMillis());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new CallInterrupted(e);
    }
  }

  /** The worker's thread was interrupted during a provider call or a wait for one. */
  static final class CallInterrupted extends RuntimeException {
    CallInterrupted(Throwable cause) {
      super("interrupted during a provider call", cause);
    }
  }

  /**
   * Names the failure without echoing credentials: a 401/403 body may quote part of the API key, so
   * only its status is kept; other bodies are cut short.
   */
  static String describe(Throwable e) {
    HttpException http = httpCause(e);
    if (http != null) {
      String kind = e.getClass().getSimpleName();
      if (e instanceof AuthenticationException) {
        return kind + " (HTTP " + http.statusCode() + ")";
      }
      return kind + " (HTTP " + http.statusCode() + "): " + shorten(http.getMessage());
    }
    Throwable root = e;
    while (root.getCause() != null && root.getCause() != root) {
      root = root.getCause();
    }
    String kind = e.getClass().getSimpleName();
    if (root != e) {
      kind += " caused by " + root.getClass().getSimpleName();
    }
    return kind + ": " + shorten(root.getMessage());
  }

  /** The client's report of a well-formed answer holding no choice at all. */
  private static boolean isAnswerWithoutChoices(RuntimeException e) {
    return httpCause(e) == null
        && e.getMessage() != null
        && e.getMessage().toLowerCase(Locale.ROOT).contains(NO_CHOICES);
  }

  private static HttpException httpCause(Throwable e) {
    for (Throwable t = e; t != null; t = t.getCause()) {
      if (t instanceof HttpException http) {
        return http;
      }
    }
    return null;
  }

  private static String shorten(String text) {
    String oneLine = text == null ? "" : text.replaceAll("\\s+", " ").strip();
    return oneLine.length() <= MAX_DETAIL ? oneLine : oneLine.substring(0, MAX_DETAIL) + "…";
  }
}
