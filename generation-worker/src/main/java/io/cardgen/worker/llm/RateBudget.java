package io.cardgen.worker.llm;

import java.time.Instant;

/** The provider's requests/tokens-per-minute allowance, shared by every worker that calls it. */
interface RateBudget {

  /** A budget that never refuses, for providers without a configured limit. */
  RateBudget UNLIMITED =
      new RateBudget() {
        @Override
        public boolean take(Instant now, long tokens) {
          return true;
        }

        @Override
        public Instant nextWindow(Instant now) {
          return now;
        }

        @Override
        public void spent(Instant at, long tokens) {}
      };

  /**
   * Takes one request and sets {@code tokens}, what the call is expected to use, aside in the
   * current window; false when its requests are used up or the tokens do not fit.
   */
  boolean take(Instant now, long tokens);

  /** When the window after the one holding {@code now} starts. */
  Instant nextWindow(Instant now);

  /**
   * Adds the tokens a call used beyond what its {@link #take} set aside to the window holding
   * {@code at}, when its answer came.
   */
  void spent(Instant at, long tokens);
}
