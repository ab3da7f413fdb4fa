package io.cardgen.testsupport;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import javax.sql.DataSource;
import liquibase.integration.spring.SpringLiquibase;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.jdbc.datasource.DataSourceTransactionManager;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * A real PostgreSQL ({@link Postgres}, embedded or in a container) with the real schema: the
 * project's Liquibase changelog, found on the test classpath, applied as the services apply it.
 */
public final class TestDatabase implements AutoCloseable {

  /** Where the project keeps its changelog (module {@code common}). */
  public static final String CHANGELOG = "classpath:db/changelog/db.changelog-master.yaml";

  private final Postgres postgres;
  private final HikariDataSource dataSource;

  private TestDatabase(Postgres postgres) {
    this.postgres = postgres;
    // Pooled as in production: a new PostgreSQL connection per statement costs more than the test.
    HikariConfig pool = new HikariConfig();
    pool.setJdbcUrl(postgres.jdbcUrl());
    pool.setUsername(postgres.username());
    pool.setPassword(postgres.password());
    pool.setMaximumPoolSize(10);
    this.dataSource = new HikariDataSource(pool);
  }

  public static TestDatabase start() throws Exception {
    TestDatabase database = new TestDatabase(Postgres.start());
    try {
      SpringLiquibase liquibase = new SpringLiquibase();
      liquibase.setDataSource(database.dataSource);
      liquibase.setChangeLog(CHANGELOG);
      liquibase.afterPropertiesSet();
      return database;
    } catch (Exception failure) {
      database.close();
      throw failure;
    }
  }

  public DataSource dataSource() {
    return dataSource;
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

  /** Empties {@code tables} (and what references them), so a test starts from clean books. */
  public void truncate(String... tables) {
    for (String table : tables) {
      if (!table.matches("[a-z_]+")) {
        throw new IllegalArgumentException("not a table name: " + table);
      }
    }
    jdbc().sql("TRUNCATE " + String.join(", ", tables) + " CASCADE").update();
  }

  @Override
  public void close() throws Exception {
    dataSource.close();
    postgres.close();
  }
}
