package io.cardgen.gateway.job;

import io.cardgen.common.card.CardContent;
import io.cardgen.common.request.Style;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Instant;
import java.util.List;
import java.util.UUID;
import tools.jackson.core.type.TypeReference;
import tools.jackson.databind.json.JsonMapper;

/** A card as stored by a worker. */
public record StoredCard(
    UUID uid,
    Instant createdAt,
    Style style,
    CardContent content,
    List<String> images,
    Instant deletedAt) {

  private static final TypeReference<List<String>> STRINGS = new TypeReference<>() {};
  private static final JsonMapper JSON = JsonMapper.builder().build();

  public boolean deleted() {
    return deletedAt != null;
  }

  /**
   * Reads the card columns of a row that selected {@code c.uid, c.created_at AS card_created_at,
   * c.style, c.description, c.features, c.audience, c.headers, c.slogans, c.images, c.deleted_at}.
   */
  public static StoredCard read(ResultSet row) throws SQLException {
    Timestamp deletedAt = row.getTimestamp("deleted_at");
    return new StoredCard(
        row.getObject("uid", UUID.class),
        row.getTimestamp("card_created_at").toInstant(),
        Style.fromWireName(row.getString("style")).orElseThrow(),
        new CardContent(
            row.getString("description"),
            strings(row.getString("features")),
            row.getString("audience"),
            strings(row.getString("headers")),
            strings(row.getString("slogans"))),
        strings(row.getString("images")),
        deletedAt == null ? null : deletedAt.toInstant());
  }

  private static List<String> strings(String json) {
    return json == null ? null : JSON.readValue(json, STRINGS);
  }
}
