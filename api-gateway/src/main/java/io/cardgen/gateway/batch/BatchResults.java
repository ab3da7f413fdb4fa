package io.cardgen.gateway.batch;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.cardgen.common.db.DurabilityBarrier;
import io.cardgen.common.error.ErrorCode;
import io.cardgen.common.error.Messages;
import io.cardgen.gateway.api.CardView;
import io.cardgen.gateway.job.StoredCard;
import java.io.IOException;
import java.io.OutputStream;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.List;
import java.util.Locale;
import java.util.UUID;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Component;
import tools.jackson.databind.ObjectMapper;

/**
 * Streams a batch's finished items as NDJSON in {@code seq} order (batch-api §4). It reads pages of
 * the {@code (batch_id, seq)} index one after another rather than one long cursor, so memory stays
 * at one page however large the batch, and no transaction stays open while a slow client reads.
 * Items finishing meanwhile get higher seqs and are included when the stream reaches them.
 */
@Component
class BatchResults {

  static final int PAGE = 500;

  /** One line of the results. */
  record Line(
      int seq,
      String customId,
      String status,
      @JsonInclude(JsonInclude.Include.ALWAYS) CardView card,
      @JsonInclude(JsonInclude.Include.ALWAYS) Error error) {}

  record Error(String code, String message) {}

  private static final String SELECT =
      """
      SELECT j.seq, j.custom_id, j.state, j.error_code, j.error_detail,
             c.uid, c.created_at AS card_created_at, c.style, c.description, c.features,
             c.audience, c.headers, c.slogans, c.images, c.deleted_at
      FROM jobs j LEFT JOIN cards c ON c.job_id = j.id
      WHERE j.batch_id = :batch AND j.seq > :after
        AND (CAST(:state AS text) IS NULL OR j.state = CAST(:state AS text))
      ORDER BY j.seq
      LIMIT :page
      """;

  private final JdbcClient jdbc;
  private final ObjectMapper json;

  BatchResults(JdbcClient jdbc, ObjectMapper json) {
    this.jdbc = jdbc;
    this.json = json;
  }

  /**
   * @param state the jobs' state to keep (SUCCEEDED, FAILED, CANCELLED), or null for all
   */
  void write(UUID batch, int after, String state, OutputStream out) throws IOException {
    int last = after;
    List<Line> page;
    do {
      page =
          jdbc.sql(SELECT)
              .param("batch", batch)
              .param("after", last)
              .param("state", state)
              .param("page", PAGE)
              .query(BatchResults::line)
              .list();
      if (!page.isEmpty()) {
        // A batch item's end commits without waiting for the disk (ADR 0042). A line handed out
        // must survive a crash of the database: else its item could run again, fail and release
        // the credit of a card the client holds, or its seq go to another item, which a client
        // resuming "after seq" would never fetch.
        jdbc.sql(DurabilityBarrier.STATEMENT).query(Long.class).single();
      }
      for (Line line : page) {
        out.write(json.writeValueAsBytes(line));
        out.write('\n');
        last = line.seq();
      }
      out.flush();
    } while (page.size() == PAGE);
  }

  private static Line line(ResultSet row, int rowNumber) throws SQLException {
    String state = row.getString("state");
    String status = state.toLowerCase(Locale.ROOT);
    CardView card = null;
    Error error = null;
    if (state.equals("SUCCEEDED")) {
      StoredCard stored = StoredCard.read(row);
      if (stored.deleted()) {
        error = error(ErrorCode.RESULT_DELETED);
      } else {
        card = CardView.of(stored);
      }
    } else if (state.equals("FAILED")) {
      ErrorCode code =
          ErrorCode.fromCode(row.getString("error_code")).orElse(ErrorCode.GENERATION_FAILED);
      String detail = row.getString("error_detail");
      // The worker's detail (which photo failed and why) says more than the code's text.
      error = new Error(code.code(), detail != null ? detail : Messages.of(code));
    }
    return new Line(row.getInt("seq"), row.getString("custom_id"), status, card, error);
  }

  private static Error error(ErrorCode code) {
    return new Error(code.code(), Messages.of(code));
  }
}
