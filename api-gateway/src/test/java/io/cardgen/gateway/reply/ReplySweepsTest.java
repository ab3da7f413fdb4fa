package io.cardgen.gateway.reply;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.sql.Connection;
import java.sql.SQLException;
import java.time.Duration;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.springframework.boot.web.server.context.WebServerGracefulShutdownLifecycle;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.jdbc.datasource.AbstractDataSource;

/** The sweeps over the waiting requests: on their own threads, and alive through the drain. */
class ReplySweepsTest {

  /** A database that is down: every connection attempt is counted and refused. */
  private static final class DownDatabase extends AbstractDataSource {
    final AtomicInteger attempts = new AtomicInteger();

    @Override
    public Connection getConnection() throws SQLException {
      attempts.incrementAndGet();
      throw new SQLException("connection refused (test)");
    }

    @Override
    public Connection getConnection(String username, String password) throws SQLException {
      return getConnection();
    }
  }

  private final ReplyWaiter waiter = new ReplyWaiter();
  private final DownDatabase database = new DownDatabase();
  private final ReplySweeps sweeps =
      new ReplySweeps(
          waiter,
          new FinishedJobCheck(waiter, JdbcClient.create(database)),
          new ReplyProperties(
              Duration.ofSeconds(150),
              Duration.ofSeconds(5),
              Duration.ofMillis(10),
              Duration.ofMillis(10)));

  @Test
  void aFailingFinishedJobCheckNeitherStopsItselfNorTheTimeouts() {
    waiter.register(UUID.randomUUID(), Duration.ofMinutes(5));
    sweeps.start();
    try {
      await("the check tried and failed again and again")
          .atMost(Duration.ofSeconds(10))
          .until(() -> database.attempts.get() >= 3);

      CompletableFuture<ReplyWaiter.Wake> reply =
          waiter.register(UUID.randomUUID(), Duration.ofMillis(1));

      assertThat(reply)
          .succeedsWithin(Duration.ofSeconds(10))
          .isEqualTo(ReplyWaiter.Wake.TIMED_OUT);
    } finally {
      sweeps.stop();
    }
    assertThat(sweeps.isRunning()).isFalse();
  }

  @Test
  void theSweepsStopOnlyAfterTheWebServersGracefulDrain() {
    // Lifecycle beans stop in descending phase: a lower phase stops later.
    assertThat(sweeps.getPhase())
        .isLessThan(WebServerGracefulShutdownLifecycle.SMART_LIFECYCLE_PHASE)
        .isEqualTo(ReplyListener.PHASE);
  }
}
