package io.cardgen.worker.webhook;

import java.sql.Connection;
import java.sql.SQLException;
import javax.sql.DataSource;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.jdbc.datasource.SingleConnectionDataSource;

/**
 * Statements in one transaction left open until {@link #close} commits it, as a deliverer's claim
 * is while another deliverer claims: its row locks are held and its writes are not yet seen.
 */
final class OpenTransaction implements AutoCloseable {

  private final Connection connection;
  private final JdbcClient jdbc;

  OpenTransaction(DataSource dataSource) throws SQLException {
    connection = dataSource.getConnection();
    connection.setAutoCommit(false);
    jdbc = JdbcClient.create(new SingleConnectionDataSource(connection, true));
  }

  JdbcClient jdbc() {
    return jdbc;
  }

  @Override
  public void close() throws SQLException {
    try {
      connection.commit();
    } finally {
      connection.close();
    }
  }
}
