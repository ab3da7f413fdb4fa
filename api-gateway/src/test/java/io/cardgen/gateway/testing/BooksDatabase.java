package io.cardgen.gateway.testing;

import io.cardgen.testsupport.TestDatabase;
import javax.sql.DataSource;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.BeforeEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * A real PostgreSQL with the real schema for one test class, its books ({@link Books#TABLES})
 * emptied before every test: {@code @RegisterExtension static final BooksDatabase database = new
 * BooksDatabase();}
 */
public final class BooksDatabase
    implements BeforeAllCallback, AfterAllCallback, BeforeEachCallback {

  private TestDatabase database;

  @Override
  public void beforeAll(ExtensionContext context) throws Exception {
    database = TestDatabase.start();
  }

  @Override
  public void afterAll(ExtensionContext context) throws Exception {
    database.close();
  }

  @Override
  public void beforeEach(ExtensionContext context) {
    database.truncate(Books.TABLES);
  }

  public JdbcClient jdbc() {
    return database.jdbc();
  }

  public DataSource dataSource() {
    return database.dataSource();
  }

  public PlatformTransactionManager transactions() {
    return database.transactions();
  }

  public TransactionTemplate transaction() {
    return database.transaction();
  }
}
