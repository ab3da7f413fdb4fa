package io.cardgen.gateway.job;

import static org.assertj.core.api.Assertions.assertThat;

import java.sql.SQLException;
import org.junit.jupiter.api.Test;
import org.postgresql.util.PSQLException;
import org.postgresql.util.PSQLState;
import org.springframework.dao.DataAccessResourceFailureException;
import org.springframework.dao.DataIntegrityViolationException;
import org.springframework.dao.QueryTimeoutException;
import org.springframework.jdbc.CannotGetJdbcConnectionException;
import org.springframework.jdbc.UncategorizedSQLException;

class InsertFailureTest {

  @Test
  void anErrorPostgresAnsweredLeftNothingBehind() {
    assertThat(
            InsertFailure.surelyNotRecorded(
                new DataIntegrityViolationException(
                    "check", new PSQLException("violates check", PSQLState.CHECK_VIOLATION))))
        .isTrue();
    assertThat(
            InsertFailure.surelyNotRecorded(
                new QueryTimeoutException(
                    "cancelled",
                    new PSQLException("canceling statement", PSQLState.QUERY_CANCELED))))
        .isTrue();
  }

  @Test
  void noConnectionAtAllLeftNothingBehind() {
    assertThat(
            InsertFailure.surelyNotRecorded(
                new CannotGetJdbcConnectionException("pool empty", new SQLException("timeout"))))
        .isTrue();
  }

  /** The statement's own commit may have happened before its answer was lost: photos stay. */
  @Test
  void aLostConnectionOrAServerShutdownMayHaveCommitted() {
    assertThat(
            InsertFailure.surelyNotRecorded(
                new DataAccessResourceFailureException(
                    "i/o",
                    new PSQLException("An I/O error occurred", PSQLState.CONNECTION_FAILURE))))
        .isFalse();
    assertThat(
            InsertFailure.surelyNotRecorded(
                new UncategorizedSQLException(
                    "insert", "INSERT", new SQLException("terminating connection", "57P01"))))
        .isFalse();
    assertThat(
            InsertFailure.surelyNotRecorded(
                new UncategorizedSQLException("insert", "INSERT", new SQLException("no state"))))
        .isFalse();
    assertThat(InsertFailure.surelyNotRecorded(new IllegalStateException("unknown"))).isFalse();
  }
}
