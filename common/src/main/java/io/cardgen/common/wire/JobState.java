package io.cardgen.common.wire;

import java.util.Map;
import java.util.Set;

/**
 * The stored state of a job, shared by gateway and workers through PostgreSQL. Every move in the
 * database is a conditional update from an expected state listed here.
 *
 * <p>QUEUED → RUNNING (a worker claimed it with a lease); RUNNING → QUEUED (the lease expired and
 * attempts remain); QUEUED or RUNNING → SUCCEEDED | FAILED (final).
 */
public enum JobState {
  QUEUED,
  RUNNING,
  SUCCEEDED,
  FAILED;

  private static final Map<JobState, Set<JobState>> ALLOWED =
      Map.of(
          QUEUED, Set.of(RUNNING, FAILED),
          RUNNING, Set.of(QUEUED, SUCCEEDED, FAILED),
          SUCCEEDED, Set.of(),
          FAILED, Set.of());

  public boolean canMoveTo(JobState next) {
    return ALLOWED.get(this).contains(next);
  }

  public boolean isFinal() {
    return ALLOWED.get(this).isEmpty();
  }
}
