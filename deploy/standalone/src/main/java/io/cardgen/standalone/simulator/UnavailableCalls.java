package io.cardgen.standalone.simulator;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Counts the calls of each card that carries {@code [sim:unavailable=N,S]}, so its first N are
 * answered 503 with {@code Retry-After: S} and the rest normally. A card is known by its prompt,
 * which its retries and its repair round repeat; the same prompt sent again later finds its count
 * used up, so a test that wants a fresh outage puts a word of its own into the description. Only
 * prompts with the directive are kept, which bounds the map by what tests and demos write.
 */
final class UnavailableCalls {

  private static final String OVERLOADED = "The server is overloaded or not ready yet.";

  private final Map<String, AtomicInteger> calls = new ConcurrentHashMap<>();

  /** Counts this call and says whether it is one of the first N the directive refuses. */
  boolean refuses(String cardPrompt, Directives.Unavailable unavailable) {
    int call = calls.computeIfAbsent(cardPrompt, prompt -> new AtomicInteger()).incrementAndGet();
    return call <= unavailable.calls();
  }

  /** OpenAI's 503 body, sent at once with the seconds to wait. */
  static Answer answer(Directives.Unavailable unavailable) {
    return new Answer(
        503,
        CompletionBodies.error(OVERLOADED, "server_error"),
        AnswerDelay.NONE,
        Map.of("Retry-After", String.valueOf(unavailable.retryAfter().toSeconds())));
  }
}
