package io.cardgen.standalone;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;

/**
 * Whether the database the standalone is about to use already holds sealed webhook secrets, asked
 * before its services start: then a missing key file is a lost key, not a first start (ADR 0047).
 */
final class SealedSecretsInDatabase {

  private static final String COUNT =
      """
      SELECT count(*) FROM accounts
      WHERE starts_with(webhook_secret, 'sealed:') OR starts_with(webhook_previous_secret, 'sealed:')
      """;
  // A database from before the accounts table or its webhook columns holds no sealed secret.
  private static final String UNDEFINED_TABLE = "42P01";
  private static final String UNDEFINED_COLUMN = "42703";

  private SealedSecretsInDatabase() {}

  /** Accounts with a sealed current or previous secret; a database still empty has none. */
  static long count(String url, String username, String password) throws SQLException {
    try (Connection connection = DriverManager.getConnection(url, username, password);
        Statement statement = connection.createStatement();
        ResultSet row = statement.executeQuery(COUNT)) {
      row.next();
      return row.getLong(1);
    } catch (SQLException failure) {
      if (UNDEFINED_TABLE.equals(failure.getSQLState())
          || UNDEFINED_COLUMN.equals(failure.getSQLState())) {
        return 0;
      }
      throw failure;
    }
  }
}
