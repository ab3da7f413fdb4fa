package io.cardgen.testsupport;

import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.io.IOException;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A fresh, empty PostgreSQL database, as a URL and credentials. Embedded: its own zonky cluster,
 * stopped on {@link #close}. Containers: a new database in one shared {@code postgres:17} container
 * (see {@link SharedContainers}), so each fixture starts as empty as an embedded one.
 */
public final class Postgres implements AutoCloseable {

  private static final AtomicInteger DATABASES = new AtomicInteger();

  private final String jdbcUrl;
  private final String username;
  private final String password;
  private final AutoCloseable owned;

  private Postgres(String jdbcUrl, String username, String password, AutoCloseable owned) {
    this.jdbcUrl = jdbcUrl;
    this.username = username;
    this.password = password;
    this.owned = owned;
  }

  /** A new database from the {@linkplain Backend#selected() selected backend}. */
  public static Postgres start() throws IOException {
    return switch (Backend.selected()) {
      case EMBEDDED -> embedded();
      case CONTAINERS -> inContainer();
    };
  }

  private static Postgres embedded() throws IOException {
    EmbeddedPostgres postgres = EmbeddedPostgres.start();
    return new Postgres(
        postgres.getJdbcUrl("postgres", "postgres"), "postgres", "postgres", postgres);
  }

  private static Postgres inContainer() {
    SharedContainers.Database server = SharedContainers.postgres();
    String name = "cardgen_test_" + DATABASES.incrementAndGet();
    try (Connection admin =
            DriverManager.getConnection(
                server.jdbcUrl("postgres"), server.user(), server.password());
        Statement statement = admin.createStatement()) {
      statement.execute("CREATE DATABASE " + name);
    } catch (SQLException failure) {
      throw new IllegalStateException("cannot create database " + name, failure);
    }
    return new Postgres(server.jdbcUrl(name), server.user(), server.password(), () -> {});
  }

  public String jdbcUrl() {
    return jdbcUrl;
  }

  public String username() {
    return username;
  }

  public String password() {
    return password;
  }

  @Override
  public void close() throws Exception {
    owned.close();
  }
}
