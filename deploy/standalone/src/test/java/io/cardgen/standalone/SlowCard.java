package io.cardgen.standalone;

import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;

/** A card request whose model call stays in flight for seconds, for tests that stop a process. */
final class SlowCard {

  private SlowCard() {}

  /** A valid request whose simulated model call takes {@code latencyMillis}. */
  static String body(int latencyMillis) {
    return RequestBodies.aRequest()
        .with(
            "short_description",
            "\"Керамическая кружка ручной работы [sim:latency=%d]\"".formatted(latencyMillis))
        .json();
  }

  /** Sends on another thread; the caller stops a process meanwhile and then reads the answer. */
  static CompletableFuture<TestStack.Response> send(Callable<TestStack.Response> request) {
    return CompletableFuture.supplyAsync(
        () -> {
          try {
            return request.call();
          } catch (Exception failure) {
            throw new CompletionException(failure);
          }
        });
  }
}
