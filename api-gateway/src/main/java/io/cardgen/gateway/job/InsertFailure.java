package io.cardgen.gateway.job;

import java.sql.SQLException;
import org.springframework.jdbc.CannotGetJdbcConnectionException;

/**
 * Whether a failed job insert surely left nothing behind. The insert is one statement in its own
 * transaction, so its commit travels with its answer: when the connection breaks after PostgreSQL
 * committed, the caller sees a failure for a recorded job. Deleting that job's photos would fail it
 * later ({@code image_unavailable}) when the sweeper publishes it, so photos are removed only when
 * PostgreSQL itself answered with an error, or no connection was ever had.
 */
final class InsertFailure {

  /** SQLSTATE class 08, connection exceptions: the answer, not the statement, was lost. */
  private static final String CONNECTION_CLASS = "08";

  /** Class 57P, the server shutting down or restarting: it may have committed first. */
  private static final String SHUTDOWN_CLASS = "57P";

  private InsertFailure() {}

  static boolean surelyNotRecorded(RuntimeException failure) {
    if (failure instanceof CannotGetJdbcConnectionException) {
      return true;
    }
    for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
      if (cause instanceof SQLException sql) {
        String state = sql.getSQLState();
        return state != null
            && !state.startsWith(CONNECTION_CLASS)
            && !state.startsWith(SHUTDOWN_CLASS);
      }
      if (cause.getCause() == cause) {
        break;
      }
    }
    return false;
  }
}
