package io.cardgen.worker.llm;

import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.atomic.AtomicLong;
import org.springframework.jdbc.core.simple.JdbcClient;

/**
 * The allowance kept in PostgreSQL, one row per fixed window aligned to the epoch, so N workers
 * together stay under the provider's limit without any new infrastructure. Taking a request is one
 * upsert whose {@code WHERE} refuses it once the window's requests are used up or the tokens the
 * call is expected to use do not fit, and which sets those tokens aside, as the provider counts a
 * request's tokens when it arrives. What an answer used beyond its estimate is added to the window
 * the answer came in (a call outlasts the window it started in); a call that took and was then
 * never sent gives its request and tokens back to the window it took them from. A call expected to
 * use more than a whole window's tokens counts as a whole window, so it still runs alone. Workers
 * use their own clocks: a skew of a few milliseconds between hosts moves a window's edge, not its
 * allowance.
 */
final class SharedRateBudget implements RateBudget {

  private static final String TAKE =
      """
      INSERT INTO llm_rate_windows (window_start_ms, requests, tokens)
      VALUES (:window, 1, :estimate)
      ON CONFLICT (window_start_ms) DO UPDATE
      SET requests = llm_rate_windows.requests + 1,
          tokens = llm_rate_windows.tokens + :estimate
      WHERE llm_rate_windows.requests < :requests
        AND llm_rate_windows.tokens + :estimate <= :tokens
      RETURNING requests
      """;

  private static final String SPENT =
      """
      INSERT INTO llm_rate_windows (window_start_ms, requests, tokens) VALUES (:window, 0, :tokens)
      ON CONFLICT (window_start_ms) DO UPDATE SET tokens = llm_rate_windows.tokens + :tokens
      """;

  private static final String GIVE_BACK =
      """
      UPDATE llm_rate_windows
      SET requests = GREATEST(requests - 1, 0), tokens = GREATEST(tokens - :estimate, 0)
      WHERE window_start_ms = :window
      """;

  private static final String FORGET =
      """
      DELETE FROM llm_rate_windows WHERE window_start_ms < :before
      """;

  /** Old windows are only history; an hour of them is plenty to look at. */
  private static final Duration KEPT = Duration.ofHours(1);

  private final JdbcClient jdbc;
  private final long windowMillis;
  private final int requestsPerWindow;
  private final long tokensPerWindow;
  private final AtomicLong lastWindow = new AtomicLong(-1);

  SharedRateBudget(JdbcClient jdbc, Duration window, int requestsPerWindow, long tokensPerWindow) {
    this.jdbc = jdbc;
    this.windowMillis = window.toMillis();
    this.requestsPerWindow = requestsPerWindow;
    this.tokensPerWindow = tokensPerWindow;
  }

  @Override
  public boolean take(Instant now, long tokens) {
    long window = now.toEpochMilli() / windowMillis;
    forgetOldWindowsOnce(window);
    return jdbc.sql(TAKE)
        .param("window", start(window))
        .param("estimate", setAside(tokens))
        .param("requests", requestsPerWindow)
        .param("tokens", tokensPerWindow)
        .query(Integer.class)
        .optional()
        .isPresent();
  }

  @Override
  public Instant nextWindow(Instant now) {
    return Instant.ofEpochMilli((now.toEpochMilli() / windowMillis + 1) * windowMillis);
  }

  @Override
  public void spent(Instant at, long tokens) {
    if (tokens > 0) {
      long window = at.toEpochMilli() / windowMillis;
      jdbc.sql(SPENT).param("window", start(window)).param("tokens", tokens).update();
    }
  }

  @Override
  public void giveBack(Instant takenAt, long tokens) {
    long window = takenAt.toEpochMilli() / windowMillis;
    jdbc.sql(GIVE_BACK).param("window", start(window)).param("estimate", setAside(tokens)).update();
  }

  /** What a take of {@code tokens} sets aside: a call over a whole window counts as one window. */
  private long setAside(long tokens) {
    return Math.max(0, Math.min(tokens, tokensPerWindow));
  }

  /** The first worker call in a new window clears history; the others skip it. */
  private void forgetOldWindowsOnce(long window) {
    long seen = lastWindow.get();
    if (window > seen && lastWindow.compareAndSet(seen, window)) {
      jdbc.sql(FORGET).param("before", start(window) - KEPT.toMillis()).update();
    }
  }

  private long start(long window) {
    return window * windowMillis;
  }
}
