package io.cardgen.worker.card;

import io.cardgen.common.card.CardContent;
import io.cardgen.common.request.Style;
import io.cardgen.common.wire.WireJson;
import java.sql.Timestamp;
import java.time.Instant;
import java.util.List;
import java.util.UUID;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

/** Writes finished cards; called inside the transaction that charges the credit. */
@Repository
public class CardRepository {

  private static final String INSERT =
      """
      INSERT INTO cards (uid, job_id, account_id, style, description, features, audience, headers,
                         slogans, images, prompt_version, prompt_tokens, completion_tokens,
                         created_at)
      VALUES (:uid, :job, :account, :style, :description, CAST(:features AS jsonb), :audience,
              CAST(:headers AS jsonb), CAST(:slogans AS jsonb), CAST(:images AS jsonb),
              :promptVersion, :promptTokens, :completionTokens, :createdAt)
      """;

  private final JdbcClient jdbc;

  CardRepository(JdbcClient jdbc) {
    this.jdbc = jdbc;
  }

  /** A card and what it cost to write. */
  public record NewCard(
      UUID uid,
      UUID jobId,
      UUID accountId,
      Style style,
      CardContent content,
      List<String> images,
      String promptVersion,
      int promptTokens,
      int completionTokens,
      Instant createdAt) {}

  public void insert(NewCard card) {
    CardContent content = card.content();
    jdbc.sql(INSERT)
        .param("uid", card.uid())
        .param("job", card.jobId())
        .param("account", card.accountId())
        .param("style", card.style().wireName())
        .param("description", content.description())
        .param("features", json(content.features()))
        .param("audience", content.audience())
        .param("headers", json(content.headers()))
        .param("slogans", json(content.slogans()))
        .param("images", WireJson.write(card.images()))
        .param("promptVersion", card.promptVersion())
        .param("promptTokens", card.promptTokens())
        .param("completionTokens", card.completionTokens())
        .param("createdAt", Timestamp.from(card.createdAt()))
        .update();
  }

  private static String json(List<String> block) {
    return block == null ? null : WireJson.write(block);
  }
}
