package io.cardgen.worker.llm;

import java.util.concurrent.atomic.AtomicLong;

/**
 * The tokens a provider call is expected to use, set aside in the shared {@link RateBudget} before
 * it is sent: the provider counts a request's tokens when it arrives, while its answer, which says
 * what it really used, comes seconds later. Without an estimate a thousand calls would all pass
 * before the first answer is counted. Starts at the configured figure and follows the answers this
 * worker has seen, a moving mean in which each answer weighs {@value #WEIGHT}.
 */
final class TokenEstimate {

  private static final double WEIGHT = 0.1;

  private final AtomicLong mean;

  TokenEstimate(long initial) {
    if (initial < 1) {
      throw new IllegalArgumentException("the expected tokens of a call must be at least 1");
    }
    this.mean = new AtomicLong(initial);
  }

  long perCall() {
    return mean.get();
  }

  /** An answer used {@code tokens}; an answer that reported none tells nothing. */
  void observe(long tokens) {
    if (tokens > 0) {
      mean.updateAndGet(before -> Math.max(1, Math.round(before + WEIGHT * (tokens - before))));
    }
  }
}
