package io.cardgen.gateway.reply;

import java.util.List;
import java.util.UUID;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.scheduling.annotation.Scheduled;
import org.springframework.stereotype.Component;

/**
 * A safety net under the reply topic: every few seconds, wakes waiters whose job has finished in
 * PostgreSQL. A reply lost in Kafka (or sent while this replica was starting) then costs seconds,
 * not the whole reply timeout.
 */
@Component
class FinishedJobCheck {

  private static final String FINISHED =
      "SELECT id FROM jobs WHERE id = ANY(:ids) AND state IN ('SUCCEEDED', 'FAILED')";

  private final ReplyWaiter waiter;
  private final JdbcClient jdbc;

  FinishedJobCheck(ReplyWaiter waiter, JdbcClient jdbc) {
    this.waiter = waiter;
    this.jdbc = jdbc;
  }

  @Scheduled(fixedDelayString = "${cardgen.reply.check-interval:2s}")
  void wakeFinished() {
    List<UUID> waiting = waiter.waitingJobs();
    if (waiting.isEmpty()) {
      return;
    }
    jdbc.sql(FINISHED)
        .param("ids", waiting.toArray(UUID[]::new))
        .query(UUID.class)
        .list()
        .forEach(waiter::wake);
  }
}
