package io.cardgen.gateway.reply;

import io.cardgen.common.db.DurabilityBarrier;
import java.util.List;
import java.util.UUID;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Component;

/**
 * A safety net under the reply topic: every few seconds, wakes waiters whose job has finished in
 * PostgreSQL. A reply lost in Kafka (or sent while this replica was starting) then costs seconds,
 * not the whole reply timeout. A worker commits a job's end before it waits for the disk (ADR
 * 0033), so the check waits for the disk too before it wakes anyone: once per check, not per job.
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

  /** Run every {@code cardgen.reply.check-interval} by {@link ReplySweeps}. */
  void wakeFinished() {
    List<UUID> waiting = waiter.waitingJobs();
    if (waiting.isEmpty()) {
      return;
    }
    List<UUID> finished =
        jdbc.sql(FINISHED).param("ids", waiting.toArray(UUID[]::new)).query(UUID.class).list();
    if (!finished.isEmpty()) {
      jdbc.sql(DurabilityBarrier.STATEMENT).query(Long.class).single();
      finished.forEach(waiter::wake);
    }
  }
}
