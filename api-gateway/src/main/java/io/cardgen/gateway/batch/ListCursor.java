package io.cardgen.gateway.batch;

import io.cardgen.common.batch.BatchObject;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.UUID;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The batch list's cursor (batch-api §1, {@code next}): the last batch of a page and its creation
 * time, {@code bat_<uuid>.<microseconds since the epoch>}, so the next page is found by position
 * alone: when retention removes that batch between two pages, the walk goes on to the older batches
 * instead of ending in 422. A bare batch id, the cursor of earlier versions, is still read; its
 * batch must then still exist. The time is the batch's own {@code created_at}, which the batch
 * object shows anyway, so the cursor tells nothing new, and a forged one only positions a page of
 * the caller's own batches.
 *
 * @param createdAt null for a bare batch id
 */
record ListCursor(UUID batch, Instant createdAt) {

  private static final Pattern TIMED = Pattern.compile("(bat_[0-9a-fA-F-]{36})\\.(\\d{1,19})");

  /** The cursor after {@code batch}. */
  static String after(BatchObject batch) {
    Instant created = Instant.from(BatchObject.TIMESTAMP.parse(batch.createdAt()));
    return batch.id() + "." + ChronoUnit.MICROS.between(Instant.EPOCH, created);
  }

  /** The cursor {@code text} is, or null when it is none. */
  static ListCursor parse(String text) {
    Matcher timed = TIMED.matcher(text);
    if (timed.matches()) {
      UUID batch = BatchObject.rowId(timed.group(1));
      try {
        long micros = Long.parseLong(timed.group(2));
        return batch == null
            ? null
            : new ListCursor(batch, Instant.EPOCH.plus(micros, ChronoUnit.MICROS));
      } catch (NumberFormatException | ArithmeticException outOfRange) {
        return null;
      }
    }
    UUID batch = BatchObject.rowId(text);
    return batch == null ? null : new ListCursor(batch, null);
  }
}
