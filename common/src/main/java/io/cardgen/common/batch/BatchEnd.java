package io.cardgen.common.batch;

/**
 * The statements that finish a batch, shared by whoever ends its last item: a worker (the item's
 * card or failure) or the gateway (a cancel that leaves nothing running). Both run them in the
 * transaction that moved the item, so the counts, the final status and the webhook row commit
 * together or not at all.
 */
public final class BatchEnd {

  /**
   * Counts a just-finished item on its batch and returns the batch's finished count, which is the
   * item's {@code seq}. The batch row lock orders concurrent finishes, so seqs are 1, 2, 3… with no
   * gap or repeat; {@code seq IS NULL} makes a second call for the same item do nothing.
   */
  public static final String COUNT_ITEM =
      """
      UPDATE batches b
      SET succeeded = b.succeeded + CASE WHEN j.state = 'SUCCEEDED' THEN 1 ELSE 0 END,
          failed = b.failed + CASE WHEN j.state = 'FAILED' THEN 1 ELSE 0 END,
          cancelled = b.cancelled + CASE WHEN j.state = 'CANCELLED' THEN 1 ELSE 0 END
      FROM jobs j
      WHERE j.id = :job AND b.id = j.batch_id AND j.seq IS NULL
        AND j.state IN ('SUCCEEDED', 'FAILED', 'CANCELLED')
      RETURNING b.id, b.succeeded + b.failed + b.cancelled AS finished
      """;

  public static final String SET_SEQ = "UPDATE jobs SET seq = :seq WHERE id = :job AND seq IS NULL";

  /** Moves a batch whose every item finished to its final status; at most once. */
  public static final String FINISH =
      """
      UPDATE batches
      SET status = CASE status WHEN 'cancelling' THEN 'cancelled' ELSE 'completed' END,
          completed_at = :now
      WHERE id = :id AND status IN ('in_progress', 'cancelling')
        AND succeeded + failed + cancelled = total
      RETURNING account_id, webhook_url
      """;

  private BatchEnd() {}
}
