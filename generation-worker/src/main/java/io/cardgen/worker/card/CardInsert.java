package io.cardgen.worker.card;

import io.cardgen.common.card.CardContent;
import io.cardgen.common.request.Style;
import io.cardgen.common.wire.WireJson;
import java.sql.Timestamp;
import java.time.Instant;
import java.util.List;
import java.util.UUID;
import org.springframework.jdbc.core.simple.JdbcClient;

/**
 * Writes finished cards, always as a part of the statement that charges the credit: the card row is
 * inserted for the job in {@code done} (columns {@code id} and {@code account_id}) and returns the
 * same two columns, so that the charge can be made from the card written.
 */
public final class CardInsert {

  /** The common table expression that inserts the card of the job in {@code done}. */
  public static final String INSERT_PART =
      """
      card AS (
        INSERT INTO cards (uid, job_id, account_id, style, description, features, audience, headers,
                           slogans, images, prompt_version, prompt_tokens, completion_tokens,
                           created_at)
        SELECT :uid, done.id, done.account_id, :style, :description, CAST(:features AS jsonb),
               :audience, CAST(:headers AS jsonb), CAST(:slogans AS jsonb),
               CAST(:images AS jsonb), :promptVersion, :promptTokens, :completionTokens,
               :createdAt
        FROM done
        RETURNING job_id AS id, account_id
      )""";

  private CardInsert() {}

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

  /** Binds the parameters of {@link #INSERT_PART}. */
  public static JdbcClient.StatementSpec bind(JdbcClient.StatementSpec statement, NewCard card) {
    CardContent content = card.content();
    return statement
        .param("uid", card.uid())
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
        .param("createdAt", Timestamp.from(card.createdAt()));
  }

  private static String json(List<String> block) {
    return block == null ? null : WireJson.write(block);
  }
}
