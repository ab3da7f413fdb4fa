package io.cardgen.gateway.ratelimit;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * The read bucket's size. Reads of batches (status, list, results, cancel) cost a statement or a
 * page each and no credit, so they do not use up the plan's {@code rate_limit_per_minute}, which
 * meters cards; they count against a bucket of their own, larger than the plan's, so that a client
 * polling its batches every second is never refused while one looping on them cannot take the
 * database.
 *
 * @param readMultiplier the read bucket holds this many times the plan's limit per minute
 * @param readFloorPerMinute and never less than this, for plans whose card limit is small
 */
@ConfigurationProperties("cardgen.rate-limit")
public record RateLimitProperties(
    @DefaultValue("10") int readMultiplier, @DefaultValue("600") int readFloorPerMinute) {

  public RateLimitProperties {
    if (readMultiplier < 1) {
      throw new IllegalArgumentException("cardgen.rate-limit.read-multiplier must be positive");
    }
    if (readFloorPerMinute < 1) {
      throw new IllegalArgumentException(
          "cardgen.rate-limit.read-floor-per-minute must be positive");
    }
  }

  /** The defaults, for code built outside Spring. */
  public static RateLimitProperties defaults() {
    return new RateLimitProperties(10, 600);
  }

  /** Reads a minute for a plan of {@code cardsPerMinute}. */
  long readsPerMinute(int cardsPerMinute) {
    return Math.max((long) cardsPerMinute * readMultiplier, readFloorPerMinute);
  }
}
