package io.cardgen.gateway.ratelimit;

import io.cardgen.common.db.RelaxedCommit;
import io.cardgen.gateway.auth.AccountRepository;
import io.cardgen.gateway.auth.ApiKeyAuthenticator;
import io.cardgen.gateway.auth.Caller;
import java.sql.ResultSet;
import java.sql.SQLException;
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
  private static final long PERIOD_MICROS = PERIOD.toNanos() / 1000;

  // Every card request authenticates and then counts against the rate limit: one statement does
  // both, one round trip and one snapshot. Only a caller whose plan gives API access counts (and,
  // for the batch endpoints, one who speaks the current revision): spec §5 refuses the others
  // before the rate limit, so their requests must not use it up.
  // GCRA: the "theoretical arrival time" advances by one emission interval (period / limit) per
  // admitted request; a request is admitted while that stays within one period of now, so up to
  // `limit` requests pass at once and then one every interval. The value inserted is now + one
  // interval, so on conflict EXCLUDED's arrival less now is the caller's interval. The count's
  // commit does not wait for the disk (RelaxedCommit): a crash of PostgreSQL may forget the last
  // requests' counts, which lets an account a few requests more after it.
  private static final String AUTHENTICATE_AND_ADMIT =
      "WITH caller AS (\n"
          + AccountRepository.SELECT_CALLER
          + """
      ), counted AS (
        SELECT id,
               GREATEST(1, :periodMicros / GREATEST(rate_limit_per_minute * :multiplier, :floor))
                 AS emission_micros
        FROM caller
        WHERE api_access AND (:countLegacy OR api_revision = 'current')
      ), admitted AS (
        INSERT INTO %1$s AS r (account_id, theoretical_arrival)
        SELECT id, :now + emission_micros * INTERVAL '1 microsecond' FROM counted, %2$s
        ON CONFLICT (account_id) DO UPDATE
           SET theoretical_arrival =
               GREATEST(r.theoretical_arrival, :now) + (EXCLUDED.theoretical_arrival - :now)
         WHERE GREATEST(r.theoretical_arrival, :now) + (EXCLUDED.theoretical_arrival - :now)
               <= :now + :periodMicros * INTERVAL '1 microsecond'
        RETURNING r.account_id
      )
      SELECT caller.*, EXISTS (SELECT 1 FROM counted) AS counted,
             EXISTS (SELECT 1 FROM admitted) AS admitted
      FROM caller
      """;
  private static final String CURRENT =
      "SELECT theoretical_arrival FROM %s WHERE account_id = :account";

  /**
   * A bucket per account: the cards' one holds the plan's limit; the batch reads' one, in its own
   * table, {@link RateLimitProperties#readsPerMinute} of it.
   */
  private record Bucket(String admit, String current, long multiplier, long floor) {

    static Bucket in(String table, long multiplier, long floor) {
      return new Bucket(
          AUTHENTICATE_AND_ADMIT.formatted(table, RelaxedCommit.RELATION),
          CURRENT.formatted(table),
          multiplier,
          floor);
    }

    long perMinute(int planPerMinute) {
      return Math.max(planPerMinute * multiplier, floor);
    }
  }

  /** Whether a request may proceed now. */
  public sealed interface Decision {}

  public record Admitted() implements Decision {}

  /**
   * @param retryAfterSeconds when the next request of the account will be admitted, at least 1
   */
  public record Limited(long retryAfterSeconds) implements Decision {}

  /**
   * An authenticated caller and what the rate limit said; {@code rate} is empty when the request
   * did not count (no plan, no API access, or a revision that does not count).
   */
  public record Admission(Caller caller, Optional<Decision> rate) {}

  private final JdbcClient jdbc;
  private final Clock clock;
  private final RateLimitProperties properties;
  private final Bucket cards;
  private final Bucket reads;

  RateLimiter(JdbcClient jdbc, Clock clock, RateLimitProperties properties) {
    this.jdbc = jdbc;
    this.clock = clock;
    this.properties = properties;
    this.cards = Bucket.in("rate_limits", 1, 1);
    this.reads =
        Bucket.in("read_rate_limits", properties.readMultiplier(), properties.readFloorPerMinute());
  }

  /**
   * Authenticates the header's key and, if the caller's plan gives API access, counts the request
   * against the plan's limit, in one statement. Empty when the key matches no account.
   *
   * @param legacyCounts whether a caller of the earlier revision counts (the batch endpoints refuse
   *     that revision before the rate limit)
   */
  public Optional<Admission> authenticateAndAdmit(
      String authorizationHeader, boolean legacyCounts) {
    return authenticateAndAdmit(cards, authorizationHeader, legacyCounts);
  }

  /**
   * As {@link #authenticateAndAdmit}, for a read of the batch endpoints: it counts against the
   * account's read bucket ({@link RateLimitProperties}), not its cards' limit, and a caller of the
   * earlier revision does not count.
   */
  public Optional<Admission> authenticateAndAdmitRead(String authorizationHeader) {
    return authenticateAndAdmit(reads, authorizationHeader, false);
  }

  /** The read bucket's size for a plan allowing {@code cardsPerMinute}. */
  public long readsPerMinute(int cardsPerMinute) {
    return properties.readsPerMinute(cardsPerMinute);
  }

  private Optional<Admission> authenticateAndAdmit(
      Bucket bucket, String authorizationHeader, boolean legacyCounts) {
    Optional<String> hash = ApiKeyAuthenticator.keyHash(authorizationHeader);
    if (hash.isEmpty()) {
      return Optional.empty();
    }
    Instant now = clock.instant();
    return jdbc.sql(bucket.admit())
        .param("hash", hash.get())
        .param("now", OffsetDateTime.ofInstant(now, ZoneOffset.UTC))
        .param("periodMicros", PERIOD_MICROS)
        .param("multiplier", bucket.multiplier())
        .param("floor", bucket.floor())
        .param("countLegacy", legacyCounts)
        .query(RateLimiter::counting)
        .optional()
        .map(counting -> admission(bucket, counting, now));
  }

  /** A row of {@link #AUTHENTICATE_AND_ADMIT}, read before any further query. */
  private record Counting(Caller caller, boolean counted, boolean admitted) {}

  private static Counting counting(ResultSet row, int rowNumber) throws SQLException {
    return new Counting(
        AccountRepository.readCaller(row), row.getBoolean("counted"), row.getBoolean("admitted"));
  }

  private Admission admission(Bucket bucket, Counting counting, Instant now) {
    Caller caller = counting.caller();
    if (!counting.counted()) {
      return new Admission(caller, Optional.empty());
    }
    if (counting.admitted()) {
      return new Admission(caller, Optional.of(new Admitted()));
    }
    long perMinute = bucket.perMinute(caller.plan().orElseThrow().rateLimitPerMinute());
    UUID account = caller.account().id();
    return new Admission(
        caller,
        Optional.of(
            new Limited(
                retryAfterSeconds(bucket, account, now, Math.max(1, PERIOD_MICROS / perMinute)))));
  }

  /** The next request is admitted once the arrival time plus one interval is a period away. */
  private long retryAfterSeconds(Bucket bucket, UUID account, Instant now, long emissionMicros) {
    Instant arrival =
        jdbc.sql(bucket.current())
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
