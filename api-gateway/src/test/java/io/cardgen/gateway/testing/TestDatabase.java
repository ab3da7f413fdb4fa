package io.cardgen.gateway.testing;

import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.io.IOException;
import javax.sql.DataSource;
import liquibase.integration.spring.SpringLiquibase;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.jdbc.datasource.DataSourceTransactionManager;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.support.TransactionTemplate;

/** A real PostgreSQL (zonky) with the real schema, for the gateway's storage tests. */
public final class TestDatabase implements AutoCloseable {

  private final EmbeddedPostgres postgres;
  private final DataSource dataSource;

  private TestDatabase(EmbeddedPostgres postgres) {
    this.postgres = postgres;
    this.dataSource = postgres.getPostgresDatabase();
  }

  public static TestDatabase start() throws Exception {
    TestDatabase database = new TestDatabase(EmbeddedPostgres.start());
    SpringLiquibase liquibase = new SpringLiquibase();
    liquibase.setDataSource(database.dataSource);
    liquibase.setChangeLog("classpath:db/changelog/db.changelog-master.yaml");
    liquibase.afterPropertiesSet();
    return database;
  }

  public JdbcClient jdbc() {
    return JdbcClient.create(dataSource);
  }

  public PlatformTransactionManager transactions() {
    return new DataSourceTransactionManager(dataSource);
  }

  public TransactionTemplate transaction() {
    return new TransactionTemplate(transactions());
  }

  /** Empties every table a test writes, so each starts from clean books. */
  public void clear() {
    jdbc().sql("TRUNCATE accounts, jobs, cards, credit_ledger CASCADE").update();
  }

  @Override
  public void close() throws IOException {
    postgres.close();
  }
}
