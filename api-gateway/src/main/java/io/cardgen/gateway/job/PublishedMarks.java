package io.cardgen.gateway.job;

import java.sql.Timestamp;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.ConcurrentLinkedQueue;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.DisposableBean;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.scheduling.annotation.Scheduled;
import org.springframework.stereotype.Component;

/**
 * Records that jobs reached Kafka, many per statement. One {@code UPDATE} per card used to run on
 * the Kafka producer's I/O thread, stalling every other send for a PostgreSQL round trip. The mark
 * only keeps the sweeper from republishing (after {@code unpublished-after}, 5 s by default): a
 * mark that is late by a tick, or lost with the process, costs at most one duplicate message, which
 * the worker's claim ignores.
 */
@Component
class PublishedMarks implements DisposableBean {

  private static final Logger log = LoggerFactory.getLogger(PublishedMarks.class);

  /** Ids per statement: bounded, so one flush stays one short statement under any burst. */
  static final int MAX_PER_STATEMENT = 500;

  // A row locked right now is a job a worker is claiming or finishing: it was delivered, and
  // waiting for it would hold the locks of the rows already marked, which the workers' own moves
  // then queue behind. It is skipped; at worst the sweeper republishes it once, harmlessly.
  private static final String MARK_PUBLISHED =
      """
      UPDATE jobs SET published_at = :now
      WHERE id IN (
        SELECT id FROM jobs WHERE id IN (:ids) AND published_at IS NULL FOR UPDATE SKIP LOCKED)
      """;

  private final ConcurrentLinkedQueue<UUID> pending = new ConcurrentLinkedQueue<>();
  private final JdbcClient jdbc;
  private final Clock clock;
  private final int perStatement;

  @Autowired
  PublishedMarks(JdbcClient jdbc, Clock clock) {
    this(jdbc, clock, MAX_PER_STATEMENT);
  }

  PublishedMarks(JdbcClient jdbc, Clock clock, int perStatement) {
    this.jdbc = jdbc;
    this.clock = clock;
    this.perStatement = perStatement;
  }

  /** Called on the producer's I/O thread once the broker acknowledged: must not block. */
  void published(UUID jobId) {
    pending.add(jobId);
  }

  @Scheduled(fixedDelayString = "${cardgen.publish.mark-interval:100ms}")
  void flush() {
    List<UUID> ids = new ArrayList<>();
    for (UUID id = pending.poll(); id != null; id = pending.poll()) {
      ids.add(id);
      if (ids.size() == perStatement) {
        write(ids);
        ids.clear();
      }
    }
    if (!ids.isEmpty()) {
      write(ids);
    }
  }

  /** Marks what is pending before the data source closes, so a clean stop republishes nothing. */
  @Override
  public void destroy() {
    flush();
  }

  private void write(List<UUID> ids) {
    try {
      jdbc.sql(MARK_PUBLISHED)
          .param("ids", ids)
          .param("now", Timestamp.from(clock.instant()))
          .update();
    } catch (RuntimeException failure) {
      // The sweeper republishes unmarked jobs; a duplicate message is harmless.
      log.warn("Could not mark {} jobs as published: {}", ids.size(), failure.toString());
    }
  }
}
