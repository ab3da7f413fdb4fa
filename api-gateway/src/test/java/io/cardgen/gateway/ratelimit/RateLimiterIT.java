package io.cardgen.gateway.ratelimit;

import static org.assertj.core.api.Assertions.assertThat;

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

/** The rate limiter against real PostgreSQL with the real schema, time moved by hand. */
class RateLimiterIT {

  private static TestDatabase database;
  private static JdbcClient jdbc;

  private final SettableClock clock = new SettableClock();
  private RateLimiter limiter;
  private UUID account;

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
  void newAccount() {
    limiter = new RateLimiter(jdbc, clock);
    account = UUID.randomUUID();
  }

  @Test
  void admitsTheLimitAtOnceThenRefusesWithTheSecondsUntilTheNextSlot() {
    for (int request = 0; request < 3; request++) {
      assertThat(limiter.admit(account, 3)).isInstanceOf(RateLimiter.Admitted.class);
    }

    assertThat(limiter.admit(account, 3)).isEqualTo(new RateLimiter.Limited(20));
    clock.advance(Duration.ofSeconds(5));
    assertThat(limiter.admit(account, 3)).isEqualTo(new RateLimiter.Limited(15));
  }

  @Test
  void admitsOneMoreRequestPerEmissionInterval() {
    for (int request = 0; request < 3; request++) {
      limiter.admit(account, 3);
    }
    clock.advance(Duration.ofSeconds(20).minusMillis(1));
    assertThat(limiter.admit(account, 3)).isInstanceOf(RateLimiter.Limited.class);

    clock.advance(Duration.ofMillis(1));
    assertThat(limiter.admit(account, 3)).isInstanceOf(RateLimiter.Admitted.class);
    assertThat(limiter.admit(account, 3)).isInstanceOf(RateLimiter.Limited.class);
  }

  @Test
  void refusedRequestsDoNotCount() {
    for (int request = 0; request < 3; request++) {
      limiter.admit(account, 3);
    }
    for (int refused = 0; refused < 50; refused++) {
      limiter.admit(account, 3);
    }

    clock.advance(Duration.ofSeconds(60));
    for (int request = 0; request < 3; request++) {
      assertThat(limiter.admit(account, 3)).isInstanceOf(RateLimiter.Admitted.class);
    }
  }

  @Test
  void settlesAtTheLimitPerMinuteAfterTheFirstBurst() {
    int admitted = 0;
    for (int second = 0; second < 120; second++) {
      for (int request = 0; request < 10; request++) {
        if (limiter.admit(account, 6) instanceof RateLimiter.Admitted) {
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
  void keepsEachAccountsLimitApart() {
    UUID other = UUID.randomUUID();
    limiter.admit(account, 1);

    assertThat(limiter.admit(account, 1)).isInstanceOf(RateLimiter.Limited.class);
    assertThat(limiter.admit(other, 1)).isInstanceOf(RateLimiter.Admitted.class);
  }

  @Test
  void admitsExactlyTheLimitWhenRequestsRaceFromManyThreads() throws Exception {
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
                if (limiter.admit(account, 25) instanceof RateLimiter.Admitted) {
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
}
