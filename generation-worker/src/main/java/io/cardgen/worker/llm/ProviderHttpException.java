package io.cardgen.worker.llm;

import dev.langchain4j.exception.HttpException;

/**
 * A provider's non-2xx answer with what its headers say about the rate limit; langchain4j keeps it
 * as the cause of the exception it maps the status to, so {@link ProviderCall} finds it there.
 */
final class ProviderHttpException extends HttpException {

  private final transient RateLimitHeaders rateLimit;

  ProviderHttpException(int statusCode, String body, RateLimitHeaders rateLimit) {
    super(statusCode, body);
    this.rateLimit = rateLimit;
  }

  RateLimitHeaders rateLimit() {
    return rateLimit;
  }
}
