package io.cardgen.worker.llm;

import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * The provider's rate limit as the workers should respect it together.
 *
 * @param requestsPerMinute the provider's request limit for this API key, shared by all workers
 *     through PostgreSQL; 0 = none configured (429s and their headers still slow a worker down)
 * @param tokensPerMinute the token limit, likewise; 0 = none configured
 * @param window the shared budget's accounting window: each gets its share of the per-minute
 *     limits, so short windows smooth bursts (keep each window's share at one request or more)
 * @param maxConcurrency the most provider calls a worker runs at once; the adaptive limit starts
 *     here, halves on 429 and grows back by one per round of successful calls, doubling per round
 *     once a minute has passed without a 429 (ADR 0010)
 * @param tokensPerCall the tokens a call is expected to use until this worker has seen answers
 *     (then their moving mean); each call sets that many aside in the shared budget before it is
 *     sent
 */
@ConfigurationProperties("cardgen.llm.rate")
record ProviderLimitProperties(
    @DefaultValue("0") int requestsPerMinute,
    @DefaultValue("0") long tokensPerMinute,
    @DefaultValue("5s") Duration window,
    @DefaultValue("1000") int maxConcurrency,
    @DefaultValue("2000") long tokensPerCall) {

  private static final Duration MINUTE = Duration.ofMinutes(1);

  ProviderLimitProperties {
    if (requestsPerMinute < 0 || tokensPerMinute < 0 || maxConcurrency < 1 || tokensPerCall < 1) {
      throw new IllegalArgumentException(
          "cardgen.llm.rate: limits must not be negative, max-concurrency and tokens-per-call at"
              + " least 1");
    }
    if (window == null
        || window.isNegative()
        || window.compareTo(Duration.ofMillis(100)) < 0
        || window.compareTo(MINUTE) > 0) {
      throw new IllegalArgumentException("cardgen.llm.rate.window must be 100ms to 1m");
    }
    // A window whose share is under one request would still let one through: 12 a minute at 5 s
    // windows for a limit of 6, twice the provider's.
    if (requestsPerMinute > 0 && share(requestsPerMinute, window) < 1) {
      throw new IllegalArgumentException(
          "cardgen.llm.rate.window "
              + window
              + " gives "
              + requestsPerMinute
              + " requests a minute less than one per window; make it at least "
              + Duration.ofMillis((MINUTE.toMillis() + requestsPerMinute - 1) / requestsPerMinute));
    }
  }

  boolean shared() {
    return requestsPerMinute > 0 || tokensPerMinute > 0;
  }

  int requestsPerWindow() {
    return requestsPerMinute == 0 ? Integer.MAX_VALUE : (int) Math.max(1, share(requestsPerMinute));
  }

  long tokensPerWindow() {
    return tokensPerMinute == 0 ? Long.MAX_VALUE : Math.max(1, share(tokensPerMinute));
  }

  private long share(long perMinute) {
    return share(perMinute, window);
  }

  private static long share(long perMinute, Duration window) {
    return perMinute * window.toMillis() / MINUTE.toMillis();
  }
}
