package io.cardgen.gateway.ratelimit;

import static org.assertj.core.api.Assertions.assertThat;

import io.cardgen.gateway.auth.ApiKeys;
import io.cardgen.testsupport.SettableClock;
import io.cardgen.testsupport.TestDatabase;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.jdbc.core.simple.JdbcClient;

/**
 * The rate limiter, which counts a request in the statement that authenticates it, against real
 * PostgreSQL with the real schema, time moved by hand.
 */
class RateLimiterIT {

  private static TestDatabase database;
  private static JdbcClient jdbc;

  private final SettableClock clock = new SettableClock();
  private RateLimiter limiter;

  @BeforeAll
  static void database() throws Exception {
    database = TestDatabase.start();
    jdbc = database.jdbc();
  }

  @AfterAll
  static void stop() throws Exception {
    database.close();
  }

  @BeforeEach
  void newLimiter() {
    limiter = new RateLimiter(jdbc, clock, RateLimitProperties.defaults());
  }

  /** A new account on a new plan; returns its API key. */
  private static String aCaller(int perMinute, boolean apiAccess, String revision) {
    long plan =
        jdbc.sql(
                """
                INSERT INTO plans (name, api_access, max_photos, max_length, features_count,
                                   audience, headers_count, slogans_count, creativity, keywords,
                                   rate_limit_per_minute)
                VALUES (:name, :access, 1, 200, 0, false, 0, 0, false, false, :perMinute)
                RETURNING id
                """)
            .param("name", "plan-" + UUID.randomUUID())
            .param("access", apiAccess)
            .param("perMinute", perMinute)
            .query(Long.class)
            .single();
    String key = ApiKeys.generate();
    jdbc.sql(
            """
            INSERT INTO accounts (id, name, plan_id, api_key_hash, api_revision)
            VALUES (:id, 'rate', :plan, :hash, :revision)
            """)
        .param("id", UUID.randomUUID())
        .param("plan", plan)
        .param("hash", ApiKeys.hash(key))
        .param("revision", revision)
        .update();
    return key;
  }

  private static String aCaller(int perMinute) {
    return aCaller(perMinute, true, "current");
  }

  private RateLimiter.Admission authenticate(String key, boolean legacyCounts) {
    return limiter.authenticateAndAdmit("Bearer " + key, legacyCounts).orElseThrow();
  }

  private RateLimiter.Decision admit(String key) {
    return authenticate(key, true).rate().orElseThrow();
  }

  @Test
  void admitsTheLimitAtOnceThenRefusesWithTheSecondsUntilTheNextSlot() {
    String account = aCaller(3);
    for (int request = 0; request < 3; request++) {
      assertThat(admit(account)).isInstanceOf(RateLimiter.Admitted.class);
    }

    assertThat(admit(account)).isEqualTo(new RateLimiter.Limited(20));
    clock.advance(Duration.ofSeconds(5));
    assertThat(admit(account)).isEqualTo(new RateLimiter.Limited(15));
  }

  @Test
  void admitsOneMoreRequestPerEmissionInterval() {
    String account = aCaller(3);
    for (int request = 0; request < 3; request++) {
      admit(account);
    }
    clock.advance(Duration.ofSeconds(20).minusMillis(1));
    assertThat(admit(account)).isInstanceOf(RateLimiter.Limited.class);

    clock.advance(Duration.ofMillis(1));
    assertThat(admit(account)).isInstanceOf(RateLimiter.Admitted.class);
    assertThat(admit(account)).isInstanceOf(RateLimiter.Limited.class);
  }

  @Test
  void refusedRequestsDoNotCount() {
    String account = aCaller(3);
    for (int request = 0; request < 3; request++) {
      admit(account);
    }
    for (int refused = 0; refused < 50; refused++) {
      admit(account);
    }

    clock.advance(Duration.ofSeconds(60));
    for (int request = 0; request < 3; request++) {
      assertThat(admit(account)).isInstanceOf(RateLimiter.Admitted.class);
    }
  }

  @Test
  void settlesAtTheLimitPerMinuteAfterTheFirstBurst() {
    String account = aCaller(6);
    int admitted = 0;
    for (int second = 0; second < 120; second++) {
      for (int request = 0; request < 10; request++) {
        if (admit(account) instanceof RateLimiter.Admitted) {
          admitted++;
        }
      }
      clock.advance(Duration.ofSeconds(1));
    }

    // Ten requests a second against 6 a minute: the full bucket of 6 at once, then one every
    // 10 s (at 10, 20, ... 110 s): 6 + 11.
    assertThat(admitted).isEqualTo(17);
  }

  @Test
  void countsReadsInABucketOfTheirOwnSizedFromThePlan() {
    limiter = new RateLimiter(jdbc, clock, new RateLimitProperties(4, 5));
    String account = aCaller(3);
    for (int read = 0; read < 12; read++) {
      assertThat(read(account)).isInstanceOf(RateLimiter.Admitted.class);
    }

    // Twelve reads a minute (4 × 3): the next slot 5 s after the burst.
    assertThat(read(account)).isEqualTo(new RateLimiter.Limited(5));
    assertThat(limiter.readsPerMinute(3)).isEqualTo(12);
    for (int request = 0; request < 3; request++) {
      assertThat(admit(account)).isInstanceOf(RateLimiter.Admitted.class);
    }
    assertThat(admit(account)).isInstanceOf(RateLimiter.Limited.class);
    assertThat(read(account)).isInstanceOf(RateLimiter.Limited.class);
  }

  @Test
  void givesReadsAtLeastTheFloorOnASmallPlan() {
    limiter = new RateLimiter(jdbc, clock, new RateLimitProperties(2, 6));
    String account = aCaller(1);
    for (int read = 0; read < 6; read++) {
      assertThat(read(account)).isInstanceOf(RateLimiter.Admitted.class);
    }

    assertThat(read(account)).isEqualTo(new RateLimiter.Limited(10));
    clock.advance(Duration.ofSeconds(10));
    assertThat(read(account)).isInstanceOf(RateLimiter.Admitted.class);
  }

  @Test
  void doesNotCountTheReadsOfACallerOfTheEarlierRevision() {
    limiter = new RateLimiter(jdbc, clock, new RateLimitProperties(1, 1));
    String legacy = aCaller(1, true, "legacy");

    for (int read = 0; read < 3; read++) {
      assertThat(limiter.authenticateAndAdmitRead("Bearer " + legacy).orElseThrow().rate())
          .isEmpty();
    }
  }

  private RateLimiter.Decision read(String key) {
    return limiter.authenticateAndAdmitRead("Bearer " + key).orElseThrow().rate().orElseThrow();
  }

  @Test
  void keepsEachAccountsLimitApart() {
    String account = aCaller(1);
    String other = aCaller(1);
    admit(account);

    assertThat(admit(account)).isInstanceOf(RateLimiter.Limited.class);
    assertThat(admit(other)).isInstanceOf(RateLimiter.Admitted.class);
  }

  @Test
  void admitsExactlyTheLimitWhenRequestsRaceFromManyThreads() throws Exception {
    String account = aCaller(25);
    int threads = 8;
    ExecutorService pool = Executors.newFixedThreadPool(threads);
    CountDownLatch start = new CountDownLatch(1);
    try {
      List<Future<Integer>> counts = new ArrayList<>();
      for (int thread = 0; thread < threads; thread++) {
        Callable<Integer> racer =
            () -> {
              start.await();
              int admitted = 0;
              for (int request = 0; request < 10; request++) {
                if (admit(account) instanceof RateLimiter.Admitted) {
                  admitted++;
                }
              }
              return admitted;
            };
        counts.add(pool.submit(racer));
      }
      start.countDown();
      int admitted = 0;
      for (Future<Integer> count : counts) {
        admitted += count.get();
      }
      assertThat(admitted).isEqualTo(25);
    } finally {
      pool.shutdownNow();
    }
  }

  @Test
  void readsTheCallerWithItsPlanInTheSameStatement() {
    String key = aCaller(7);

    RateLimiter.Admission admission = authenticate(key, true);

    assertThat(admission.caller().plan())
        .hasValueSatisfying(plan -> assertThat(plan.rateLimitPerMinute()).isEqualTo(7));
    assertThat(admission.rate()).contains(new RateLimiter.Admitted());
  }

  @Test
  void knowsNoCallerForAnUnknownOrMalformedKey() {
    aCaller(3);

    assertThat(limiter.authenticateAndAdmit("Bearer " + ApiKeys.generate(), true)).isEmpty();
    assertThat(limiter.authenticateAndAdmit(null, true)).isEmpty();
    assertThat(limiter.authenticateAndAdmit("Basic abc", true)).isEmpty();
    assertThat(limiter.authenticateAndAdmit("Bearer " + "k".repeat(201), true)).isEmpty();
  }

  @Test
  void doesNotCountCallersRefusedBeforeTheRateLimit() {
    String noAccess = aCaller(1, false, "current");
    String legacy = aCaller(1, true, "legacy");
    String noPlan = aCaller(1);
    jdbc.sql("UPDATE accounts SET plan_id = NULL WHERE api_key_hash = :hash")
        .param("hash", ApiKeys.hash(noPlan))
        .update();

    for (int request = 0; request < 3; request++) {
      assertThat(authenticate(noAccess, true).rate()).isEmpty();
      assertThat(authenticate(noPlan, true).rate()).isEmpty();
      assertThat(authenticate(noPlan, true).caller().plan()).isEmpty();
      assertThat(authenticate(legacy, false).rate()).isEmpty();
    }

    // None of them moved their account's limit: the one request a minute is still there.
    assertThat(authenticate(legacy, true).rate()).contains(new RateLimiter.Admitted());
    jdbc.sql(
            """
            UPDATE plans SET api_access = true
            WHERE id = (SELECT plan_id FROM accounts WHERE api_key_hash = :hash)
            """)
        .param("hash", ApiKeys.hash(noAccess))
        .update();
    assertThat(authenticate(noAccess, true).rate()).contains(new RateLimiter.Admitted());
  }
}
