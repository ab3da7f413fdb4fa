package io.cardgen.standalone.simulator;

import java.time.Clock;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;

/** Counts requests per fixed window and decides which ones the limit refuses. */
final class RequestWindow {

  /** What one request learns: whether it passes and the headers a real provider would send. */
  record Verdict(boolean allowed, Map<String, String> headers) {}

  private final RequestRateLimit limit;
  private final Clock clock;
  private final AtomicLong refused = new AtomicLong();
  private final AtomicLong seen = new AtomicLong();
  private long window = -1;
  private int used;

  RequestWindow(RequestRateLimit limit, Clock clock) {
    this.limit = limit;
    this.clock = clock;
  }

  Verdict admit() {
    seen.incrementAndGet();
    if (!limit.enforced()) {
      return new Verdict(true, Map.of());
    }
    long windowMillis = limit.window().toMillis();
    long resetMillis;
    boolean allowed;
    int remaining;
    // The clock is read under the lock: a thread holding an earlier reading would otherwise move
    // the window back and reset its count, letting extra requests through at every edge.
    synchronized (this) {
      long now = clock.millis();
      resetMillis = windowMillis - now % windowMillis;
      long current = now / windowMillis;
      if (current > window) {
        window = current;
        used = 0;
      }
      allowed = used < limit.requests();
      if (allowed) {
        used++;
      }
      remaining = limit.requests() - used;
    }
    if (!allowed) {
      refused.incrementAndGet();
    }
    return new Verdict(allowed, headers(remaining, resetMillis, allowed));
  }

  long refusedCount() {
    return refused.get();
  }

  long seenCount() {
    return seen.get();
  }

  private Map<String, String> headers(int remaining, long resetMillis, boolean allowed) {
    String reset = resetMillis + "ms";
    if (allowed) {
      return Map.of(
          "x-ratelimit-limit-requests", String.valueOf(limit.requests()),
          "x-ratelimit-remaining-requests", String.valueOf(remaining),
          "x-ratelimit-reset-requests", reset);
    }
    // Retry-After is whole seconds by RFC 9110; OpenAI adds the exact figure in retry-after-ms.
    return Map.of(
        "Retry-After", String.valueOf((resetMillis + 999) / 1000),
        "retry-after-ms", String.valueOf(resetMillis),
        "x-ratelimit-limit-requests", String.valueOf(limit.requests()),
        "x-ratelimit-remaining-requests", "0",
        "x-ratelimit-reset-requests", reset);
  }
}
