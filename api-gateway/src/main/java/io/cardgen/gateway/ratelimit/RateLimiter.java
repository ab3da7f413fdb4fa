package io.cardgen.gateway.ratelimit;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.Optional;
import java.util.UUID;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Component;

/**
 * The plan's {@code rate_limit_per_minute}, held in PostgreSQL so that it holds for an account
 * whatever gateway replica its requests reach (ADR 0006). It is a token bucket of the plan's size
 * refilled at the plan's rate, kept as GCRA: one timestamp per account, moved by one conditional
 * upsert per request. A refused request does not move it, so it does not count.
 */
@Component
public class RateLimiter {

  static final Duration PERIOD = Duration.ofMinutes(1);

  // GCRA: the "theoretical arrival time" advances by one emission interval (period / limit) per
  // admitted request; a request is admitted while that stays within one period of now, so up to
  // `limit` requests pass at once and then one every interval.
  private static final String ADMIT =
      """
      INSERT INTO rate_limits AS r (account_id, theoretical_arrival)
      VALUES (:account, :now + :emissionMicros * INTERVAL '1 microsecond')
      ON CONFLICT (account_id) DO UPDATE
         SET theoretical_arrival =
             GREATEST(r.theoretical_arrival, :now) + :emissionMicros * INTERVAL '1 microsecond'
       WHERE GREATEST(r.theoretical_arrival, :now) + :emissionMicros * INTERVAL '1 microsecond'
             <= :now + :periodMicros * INTERVAL '1 microsecond'
      RETURNING r.theoretical_arrival
      """;
  private static final String CURRENT =
      "SELECT theoretical_arrival FROM rate_limits WHERE account_id = :account";

  /** Whether a request may proceed now. */
  public sealed interface Decision {}

  public record Admitted() implements Decision {}

  /**
   * @param retryAfterSeconds when the next request of the account will be admitted, at least 1
   */
  public record Limited(long retryAfterSeconds) implements Decision {}

  private final JdbcClient jdbc;
  private final Clock clock;

  RateLimiter(JdbcClient jdbc, Clock clock) {
    this.jdbc = jdbc;
    this.clock = clock;
  }

  /** Counts the request against the account's limit if it is admitted. */
  public Decision admit(UUID account, int perMinute) {
    Instant now = clock.instant();
    long emissionMicros = PERIOD.toNanos() / 1000 / perMinute;
    Optional<OffsetDateTime> admitted =
        jdbc.sql(ADMIT)
            .param("account", account)
            .param("now", OffsetDateTime.ofInstant(now, ZoneOffset.UTC))
            .param("emissionMicros", emissionMicros)
            .param("periodMicros", PERIOD.toNanos() / 1000)
            .query(OffsetDateTime.class)
            .optional();
    if (admitted.isPresent()) {
      return new Admitted();
    }
    return new Limited(retryAfterSeconds(account, now, emissionMicros));
  }

  /** The next request is admitted once the arrival time plus one interval is a period away. */
  private long retryAfterSeconds(UUID account, Instant now, long emissionMicros) {
    Instant arrival =
        jdbc.sql(CURRENT)
            .param("account", account)
            .query(OffsetDateTime.class)
            .optional()
            .map(OffsetDateTime::toInstant)
            .orElse(now);
    Duration wait =
        Duration.between(now, arrival.plus(Duration.ofNanos(emissionMicros * 1000)).minus(PERIOD));
    long seconds = wait.toSeconds() + (wait.toNanosPart() > 0 ? 1 : 0);
    return Math.max(1, seconds);
  }
}
