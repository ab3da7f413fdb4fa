package io.cardgen.worker.job;

import io.cardgen.common.wire.CardSpec;
import io.cardgen.common.wire.WireJson;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.UUID;

/**
 * A job this worker holds the lease of; {@code owner} is checked again by every later move.
 *
 * @param batchId the batch the job is an item of, or {@code null} for a synchronous request
 */
record ClaimedJob(UUID id, UUID accountId, String owner, int attempt, CardSpec spec, UUID batchId) {

  /** Maps a claim's {@code RETURNING id, account_id, attempts, spec::text AS spec, batch_id}. */
  static ClaimedJob of(ResultSet row, String owner) throws SQLException {
    return new ClaimedJob(
        row.getObject("id", UUID.class),
        row.getObject("account_id", UUID.class),
        owner,
        row.getInt("attempts"),
        WireJson.read(row.getString("spec"), CardSpec.class),
        row.getObject("batch_id", UUID.class));
  }
}
