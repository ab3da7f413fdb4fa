package io.cardgen.worker.job;

import io.cardgen.common.wire.CardSpec;
import io.cardgen.common.wire.WireJson;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.Map;
import java.util.UUID;

/**
 * A job this worker holds the lease of; {@code owner} is checked again by every later move.
 *
 * @param batchId the batch the job is an item of, or {@code null} for a synchronous request
 * @param carriedPhotos copies of stored photos that came with the job's message, by object key (ADR
 *     0024), each handed out once; none when the photos are to be read from the bucket
 */
record ClaimedJob(
    UUID id,
    UUID accountId,
    String owner,
    int attempt,
    CardSpec spec,
    UUID batchId,
    CarriedCopies carriedPhotos) {

  /** Maps a claim's {@code RETURNING id, account_id, attempts, spec::text AS spec, batch_id}. */
  static ClaimedJob of(ResultSet row, String owner) throws SQLException {
    return new ClaimedJob(
        row.getObject("id", UUID.class),
        row.getObject("account_id", UUID.class),
        owner,
        row.getInt("attempts"),
        WireJson.read(row.getString("spec"), CardSpec.class),
        row.getObject("batch_id", UUID.class),
        CarriedCopies.none());
  }

  /** This job with the photo copies its message carried. */
  ClaimedJob carrying(Map<String, byte[]> photos) {
    return new ClaimedJob(id, accountId, owner, attempt, spec, batchId, CarriedCopies.of(photos));
  }
}
