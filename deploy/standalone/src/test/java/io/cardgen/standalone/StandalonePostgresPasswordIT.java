package io.cardgen.standalone;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.List;
import java.util.Properties;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The standalone's PostgreSQL lets in only who knows the password kept beside its data directory
 * (ADR 0056), whether the directory is new or was made trusting every local user by an earlier
 * version; a password that is missing or wrong stops the start with what to do, and leaves no
 * server running.
 */
class StandalonePostgresPasswordIT {

  @TempDir Path dir;

  @Test
  void aNewDataDirectoryAsksForThePasswordKeptBesideIt() throws Exception {
    Path data = dir.resolve("postgres");
    try (StandalonePostgres postgres = StandalonePostgres.start(data, 0, new Properties())) {
      Path file = dir.resolve("postgres.password");
      assertThat(Files.readString(file, StandardCharsets.US_ASCII).strip())
          .isEqualTo(postgres.password());
      assertThat(Files.getPosixFilePermissions(file))
          .isEqualTo(PosixFilePermissions.fromString("rw-------"));
      assertThat(rules(data)).isNotEmpty().noneMatch(rule -> rule.contains("trust"));

      assertRefused(postgres.jdbcUrl(), null);
      assertRefused(postgres.jdbcUrl(), "postgres");
      assertThat(selectOne(postgres.jdbcUrl(), postgres.password())).isEqualTo(1);
    }
  }

  @Test
  void aDataDirectoryThatTrustedEveryLocalUserIsSwitchedToThePassword() throws Exception {
    Path data = dir.resolve("postgres");
    // What every standalone before ADR 0056 made: zonky's defaults, initdb -A trust.
    try (EmbeddedPostgres trusting =
            EmbeddedPostgres.builder().setDataDirectory(data).setCleanDataDirectory(false).start();
        Connection connection = trusting.getPostgresDatabase().getConnection();
        Statement statement = connection.createStatement()) {
      statement.execute("CREATE TABLE kept (n int)");
      statement.execute("INSERT INTO kept VALUES (42)");
    }
    assertThat(rules(data)).anyMatch(rule -> rule.contains("trust"));

    String url;
    try (StandalonePostgres postgres = StandalonePostgres.start(data, 0, new Properties())) {
      url = postgres.jdbcUrl();
      // At once, without a restart: the start waited for the server to reload its rules.
      assertRefused(url, null);
      assertThat(keptValue(url, postgres.password())).isEqualTo(42);
    }
    assertThat(rules(data)).isNotEmpty().noneMatch(rule -> rule.contains("trust"));

    try (StandalonePostgres again = StandalonePostgres.start(data, 0, new Properties())) {
      assertRefused(again.jdbcUrl(), null);
      assertThat(keptValue(again.jdbcUrl(), again.password())).isEqualTo(42);
    }
  }

  @Test
  void aMissingPasswordFileStopsTheStartAndTheWayToResetItWorks() throws Exception {
    Path data = dir.resolve("postgres");
    StandalonePostgres.start(data, 0, new Properties()).close();
    Path file = dir.resolve("postgres.password");
    Files.delete(file);

    assertThatThrownBy(() -> StandalonePostgres.start(data, 0, new Properties()))
        .isInstanceOf(StartRefused.class)
        .hasMessageContaining(file.toString())
        .hasMessageContaining("change scram-sha-256 to trust in " + data.resolve("pg_hba.conf"));
    assertThat(file).doesNotExist();

    // What the message tells an operator who has no backup of the file.
    Path rules = data.resolve("pg_hba.conf");
    Files.writeString(rules, Files.readString(rules).replace("scram-sha-256", "trust"));
    try (StandalonePostgres reset = StandalonePostgres.start(data, 0, new Properties())) {
      assertRefused(reset.jdbcUrl(), null);
      assertThat(selectOne(reset.jdbcUrl(), reset.password())).isEqualTo(1);
    }
  }

  @Test
  void aPasswordThatDoesNotOpenTheDatabaseStopsTheStartAndLeavesNoServer() throws Exception {
    Path data = dir.resolve("postgres");
    StandalonePostgres.start(data, 0, new Properties()).close();
    Path file = dir.resolve("postgres.password");
    Files.writeString(file, OwnerOnlyFile.newPassword() + "\n");

    assertThatThrownBy(
            () -> StandalonePostgres.start(data, 0, new Properties(), Duration.ofSeconds(3)))
        .isInstanceOf(StartRefused.class)
        .hasMessageStartingWith("The password in " + file + " does not open");
    assertThat(data.resolve("postmaster.pid")).doesNotExist();
  }

  /** pg_hba.conf's rules, without the comments that explain them (and name every method). */
  private static List<String> rules(Path data) throws IOException {
    return Files.readAllLines(data.resolve("pg_hba.conf")).stream()
        .map(String::strip)
        .filter(line -> !line.isEmpty() && !line.startsWith("#"))
        .toList();
  }

  @Test
  void aSecondStartOnADirectoryInUseLeavesTheRunningServerAlone() throws Exception {
    Path data = dir.resolve("postgres");
    try (StandalonePostgres running = StandalonePostgres.start(data, 0, new Properties())) {
      assertThatThrownBy(
              () -> StandalonePostgres.start(data, 0, new Properties(), Duration.ofSeconds(3)))
          // zonky's lock on the directory (in another JVM: "could not lock")
          .isInstanceOf(StartRefused.class)
          .hasMessage(FailedStart.inUse(data));

      assertThat(selectOne(running.jdbcUrl(), running.password())).isEqualTo(1);
      assertThat(data.resolve("postmaster.pid")).exists();
    }
  }

  @Test
  void aPortHeldByAnotherPostgresIsSaidSoAndThatServerIsLeftAlone() throws Exception {
    try (StandalonePostgres other =
        StandalonePostgres.start(dir.resolve("other"), 0, new Properties())) {
      int port = other.server().getPort();

      assertThatThrownBy(
              () ->
                  StandalonePostgres.start(
                      dir.resolve("postgres"), port, new Properties(), Duration.ofSeconds(3)))
          .isInstanceOf(StartRefused.class)
          .hasMessageStartingWith("Another PostgreSQL answers on the embedded one's port " + port);
      assertThat(selectOne(other.jdbcUrl(), other.password())).isEqualTo(1);
    }
  }

  @Test
  void aPortHeldByAPostgresThatTrustsEveryoneIsNotTakenForOurs() throws Exception {
    try (EmbeddedPostgres trusting =
        EmbeddedPostgres.builder()
            .setDataDirectory(dir.resolve("trusting"))
            .setCleanDataDirectory(false)
            .start()) {
      int port = trusting.getPort();

      assertThatThrownBy(
              () ->
                  StandalonePostgres.start(
                      dir.resolve("postgres"), port, new Properties(), Duration.ofSeconds(3)))
          .isInstanceOf(StartRefused.class)
          .hasMessageContaining("its data is in " + dir.resolve("trusting").toRealPath());
      // Its superuser still has no password: nothing was changed there.
      try (Connection connection = trusting.getPostgresDatabase().getConnection();
          Statement statement = connection.createStatement();
          ResultSet row =
              statement.executeQuery(
                  "SELECT rolpassword IS NULL FROM pg_authid WHERE rolname = 'postgres'")) {
        row.next();
        assertThat(row.getBoolean(1)).isTrue();
      }
    }
  }

  private static void assertRefused(String url, String password) {
    assertThatThrownBy(() -> selectOne(url, password)).isInstanceOf(SQLException.class);
  }

  private static int selectOne(String url, String password) throws SQLException {
    return query(url, password, "SELECT 1");
  }

  private static int keptValue(String url, String password) throws SQLException {
    return query(url, password, "SELECT n FROM kept");
  }

  private static int query(String url, String password, String sql) throws SQLException {
    Properties credentials = new Properties();
    credentials.setProperty("user", StandalonePostgres.USER);
    if (password != null) {
      credentials.setProperty("password", password);
    }
    try (Connection connection = DriverManager.getConnection(url, credentials);
        Statement statement = connection.createStatement();
        ResultSet row = statement.executeQuery(sql)) {
      row.next();
      return row.getInt(1);
    }
  }
}
