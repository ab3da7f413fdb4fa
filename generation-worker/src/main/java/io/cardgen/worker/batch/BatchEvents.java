package io.cardgen.worker.batch;

import io.cardgen.common.batch.BatchEvent;
import io.cardgen.common.batch.BatchObject;
import java.time.Instant;
import java.util.UUID;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Component;

/**
 * Queues the webhook of a batch that ended, in the caller's transaction: one row in the outbox
 * {@code webhook_deliveries}, which the deliverer sends at least once. The event key makes a second
 * insert of the same event a no-op.
 */
@Component
class BatchEvents {

  private final JdbcClient jdbc;

  BatchEvents(JdbcClient jdbc) {
    this.jdbc = jdbc;
  }

  void ended(UUID batchId, UUID accountId, Instant now) {
    BatchObject batch =
        jdbc.sql(BatchObject.SELECT + " WHERE b.id = :id")
            .param("id", batchId)
            .query(BatchObject::map)
            .single();
    BatchEvent event = BatchEvent.ended(UUID.randomUUID(), accountId, batch, now);
    jdbc.sql(BatchEvent.INSERT).params(event.parameters(now)).update();
  }
}
