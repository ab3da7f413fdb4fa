package io.cardgen.worker.llm;

import dev.langchain4j.exception.AuthenticationException;
import dev.langchain4j.exception.ContentFilteredException;
import dev.langchain4j.exception.HttpException;
import dev.langchain4j.exception.RetriableException;
import dev.langchain4j.model.chat.ChatModel;
import dev.langchain4j.model.chat.request.ChatRequest;
import dev.langchain4j.model.chat.response.ChatResponse;
import io.cardgen.common.error.ErrorCode;
import java.io.IOException;
import java.time.Duration;
import java.time.Instant;
import java.time.InstantSource;
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

  private final ChatModel model;
  private final InstantSource clock;
  private final Duration budget;
  private final Duration attemptTimeout;
  private final Duration firstBackoff;
  private final int maxRetries;

  ProviderCall(ChatModel model, LlmProperties properties, InstantSource clock) {
    this.model = model;
    this.clock = clock;
    this.budget = properties.timeout();
    this.attemptTimeout = properties.attemptTimeout();
    this.firstBackoff = properties.retryBackoff();
    this.maxRetries = properties.maxRetries();
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
   * {@code deadline}. The first attempt always starts.
   */
  Step<ChatResponse> call(ChatRequest request, Instant deadline) {
    Duration backoff = firstBackoff;
    for (int attempt = 1; ; attempt++) {
      try {
        return Step.ok(model.chat(request));
      } catch (ContentFilteredException e) {
        return Step.stop(ErrorCode.GENERATION_REFUSED, "the model refused: " + describe(e));
      } catch (RuntimeException e) {
        String detail = describe(e);
        if (!isTransient(e)) {
          return Step.stop(ErrorCode.GENERATION_FAILED, detail);
        }
        log.warn("LLM call attempt {} failed: {}", attempt, detail);
        if (attempt > maxRetries) {
          return Step.stop(ErrorCode.GENERATION_FAILED, attempt + " attempts failed: " + detail);
        }
        if (!hasTimeForAnAttempt(deadline.minus(backoff))) {
          return Step.stop(ErrorCode.GENERATION_FAILED, "time budget spent: " + detail);
        }
        if (!pause(backoff)) {
          return Step.stop(ErrorCode.GENERATION_FAILED, "interrupted: " + detail);
        }
        backoff = backoff.multipliedBy(2);
      }
    }
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

  private static boolean pause(Duration backoff) {
    try {
      Thread.sleep(backoff.toMillis());
      return true;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return false;
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
