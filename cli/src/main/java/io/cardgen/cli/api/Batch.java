package io.cardgen.cli.api;

import java.util.LinkedHashMap;
import java.util.Map;
import tools.jackson.databind.JsonNode;

/** The batch object of batch-api §3, as far as the client uses it. */
public record Batch(
    String id,
    String status,
    String createdAt,
    String completedAt,
    Counts counts,
    Map<String, String> metadata,
    String webhookUrl) {

  /** Item counts; they always add up to {@code total}. */
  public record Counts(
      long total, long queued, long running, long succeeded, long failed, long cancelled) {

    public long finished() {
      return succeeded + failed + cancelled;
    }
  }

  /** True once nothing is left to do: {@code completed} or {@code cancelled}. */
  public boolean isFinished() {
    return "completed".equals(status) || "cancelled".equals(status);
  }

  static Batch from(JsonNode node) {
    JsonNode counts = node.path("counts");
    Map<String, String> metadata = new LinkedHashMap<>();
    node.path("metadata")
        .properties()
        .forEach(e -> metadata.put(e.getKey(), e.getValue().asString("")));
    return new Batch(
        node.path("id").asString(""),
        node.path("status").asString(""),
        text(node.path("created_at")),
        text(node.path("completed_at")),
        new Counts(
            counts.path("total").asLong(0),
            counts.path("queued").asLong(0),
            counts.path("running").asLong(0),
            counts.path("succeeded").asLong(0),
            counts.path("failed").asLong(0),
            counts.path("cancelled").asLong(0)),
        metadata,
        text(node.path("webhook_url")));
  }

  private static String text(JsonNode node) {
    return node.isString() ? node.asString() : null;
  }
}
