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

        @Override
        public void giveBack(Instant takenAt, long tokens) {}
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

  /**
   * Gives back what a {@link #take} at {@code takenAt} of {@code tokens} took, for a call that was
   * then never sent: its request and the tokens set aside leave that window, which would otherwise
   * count a call the provider never saw. Called at most once per take, never for a call that was
   * sent.
   */
  void giveBack(Instant takenAt, long tokens);
}
