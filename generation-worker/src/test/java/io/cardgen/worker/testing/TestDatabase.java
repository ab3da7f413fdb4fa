package io.cardgen.worker.testing;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.io.IOException;
import liquibase.integration.spring.SpringLiquibase;
import org.springframework.jdbc.core.simple.JdbcClient;

/** A real PostgreSQL (zonky) with the real schema, for the worker's storage tests. */
public final class TestDatabase implements AutoCloseable {

  private final EmbeddedPostgres postgres;
  private final HikariDataSource dataSource;

  private TestDatabase(EmbeddedPostgres postgres) {
    this.postgres = postgres;
    // Pooled as in production: a new PostgreSQL connection per statement costs more than the test.
    HikariConfig pool = new HikariConfig();
    pool.setDataSource(postgres.getPostgresDatabase());
    pool.setMaximumPoolSize(10);
    this.dataSource = new HikariDataSource(pool);
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

  @Override
  public void close() throws IOException {
    dataSource.close();
    postgres.close();
  }
}
