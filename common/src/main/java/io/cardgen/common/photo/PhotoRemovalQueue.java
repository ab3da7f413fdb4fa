package io.cardgen.common.photo;

/**
 * The {@code photo_removals} table (ADR 0057), written by the gateway's removals and by a worker's
 * late attempt: both queue keys with the same conflict rule, so that one place says it.
 */
public final class PhotoRemovalQueue {

  /**
   * A key queued again while a removal run holds it (taken, its delete on the way) is due at once:
   * the photo may have been stored again since that delete, and the run, which clears only rows
   * still put off as it took them, leaves it for the next.
   */
  public static final String ON_REQUEUE =
      " ON CONFLICT (key) DO UPDATE SET due_at = now(), attempts = 0";

  private PhotoRemovalQueue() {}
}
