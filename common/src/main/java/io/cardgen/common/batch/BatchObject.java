package io.cardgen.common.batch;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.Map;
import java.util.UUID;
import tools.jackson.core.type.TypeReference;
import tools.jackson.databind.json.JsonMapper;

/**
 * The batch object of batch-api §3, exactly as the API answers it and as a webhook carries it: the
 * gateway and the workers render it from the same row with the same query, so a webhook's body
 * never disagrees with {@code GET /api/batches/{id}}.
 */
@JsonInclude(JsonInclude.Include.ALWAYS)
public record BatchObject(
    String id,
    String status,
    String createdAt,
    String completedAt,
    Counts counts,
    Map<String, String> metadata,
    String webhookUrl) {

  /** The counts always add up to {@code total}. */
  public record Counts(
      int total, int queued, int running, int succeeded, int failed, int cancelled) {}

  /** The batch's columns plus its running items; append a WHERE on {@code b}. */
  public static final String SELECT =
      """
      SELECT b.id, b.status, b.created_at, b.completed_at, b.total, b.succeeded, b.failed,
             b.cancelled, b.metadata::text AS metadata, b.webhook_url,
             (SELECT count(*) FROM jobs r WHERE r.batch_id = b.id AND r.state = 'RUNNING')
               AS running
      FROM batches b
      """;

  /** UTC, exactly six fractional digits and a trailing Z (product-card-api §2.2). */
  public static final DateTimeFormatter TIMESTAMP =
      DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HH:mm:ss.SSSSSS'Z'").withZone(ZoneOffset.UTC);

  private static final String PREFIX = "bat_";
  private static final JsonMapper JSON = JsonMapper.builder().build();
  private static final TypeReference<Map<String, String>> STRING_MAP = new TypeReference<>() {};

  /** The public id of a batch row. */
  public static String publicId(UUID id) {
    return PREFIX + id;
  }

  /** The row id behind a public id; null when the text is no batch id at all. */
  public static UUID rowId(String publicId) {
    if (publicId == null || !publicId.startsWith(PREFIX) || publicId.length() != 40) {
      return null;
    }
    try {
      return UUID.fromString(publicId.substring(PREFIX.length()));
    } catch (IllegalArgumentException notAUuid) {
      return null;
    }
  }

  /** Maps a row of {@link #SELECT}. */
  public static BatchObject map(ResultSet row, int rowNumber) throws SQLException {
    int total = row.getInt("total");
    int succeeded = row.getInt("succeeded");
    int failed = row.getInt("failed");
    int cancelled = row.getInt("cancelled");
    int running = row.getInt("running");
    Timestamp completedAt = row.getTimestamp("completed_at");
    return new BatchObject(
        publicId(row.getObject("id", UUID.class)),
        row.getString("status"),
        format(row.getTimestamp("created_at").toInstant()),
        completedAt == null ? null : format(completedAt.toInstant()),
        new Counts(
            total,
            total - succeeded - failed - cancelled - running,
            running,
            succeeded,
            failed,
            cancelled),
        JSON.readValue(row.getString("metadata"), STRING_MAP),
        row.getString("webhook_url"));
  }

  public static String format(Instant instant) {
    return TIMESTAMP.format(instant);
  }
}
