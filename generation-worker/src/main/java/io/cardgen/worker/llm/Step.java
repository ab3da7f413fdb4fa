package io.cardgen.worker.llm;

import io.cardgen.common.error.ErrorCode;
import java.util.function.Function;

/**
 * The result of one stage of writing a card: a value for the next stage, or the failure that ends
 * the card. {@link #fold} stands in for an exhaustive pattern switch, which Java 17 lacks: every
 * caller must say what happens in both cases.
 */
sealed interface Step<T> permits Step.Ok, Step.Stop {

  <R> R fold(Function<? super T, ? extends R> ok, Function<LlmOutcome.Failed, ? extends R> stop);

  default <R> Step<R> then(Function<? super T, Step<R>> next) {
    return fold(next, Stop::new);
  }

  static <T> Step<T> ok(T value) {
    return new Ok<>(value);
  }

  static <T> Step<T> stop(ErrorCode code, String detail) {
    return new Stop<>(new LlmOutcome.Failed(code, detail));
  }

  record Ok<T>(T value) implements Step<T> {
    @Override
    public <R> R fold(
        Function<? super T, ? extends R> ok, Function<LlmOutcome.Failed, ? extends R> stop) {
      return ok.apply(value);
    }
  }

  record Stop<T>(LlmOutcome.Failed failure) implements Step<T> {
    @Override
    public <R> R fold(
        Function<? super T, ? extends R> ok, Function<LlmOutcome.Failed, ? extends R> stop) {
      return stop.apply(failure);
    }
  }
}
