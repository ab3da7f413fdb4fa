package io.cardgen.standalone;

import static org.assertj.core.api.Assertions.assertThat;

import io.cardgen.common.db.DurabilityBarrier;
import io.cardgen.common.db.RelaxedCommit;
import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The standalone's PostgreSQL keeps every commit its callers saw through a crash of the server (ADR
 * 0032): commits as fast as one connection can make them, SIGKILLs the postmaster and every process
 * it started, and counts the rows after the restart on the same files. With zonky's own {@code
 * synchronous_commit=off} the last fraction of a second of commits is gone. A commit that does not
 * wait for the disk is as safe once a {@link DurabilityBarrier} after it has returned (ADR 0033).
 */
class StandalonePostgresCrashIT {

  private static final int COMMITS = 3_000;
  private static final int UPDATES = 200;

  @TempDir Path dir;

  @Test
  void everyCommitACallerSawSurvivesACrashOfTheServer() throws Exception {
    assertThat(rowsAfterACrash("INSERT INTO seen VALUES (?)", null)).isEqualTo(COMMITS);
  }

  /** How a job's completion commits: without waiting, then waiting with nothing held. */
  @Test
  void aRelaxedCommitFollowedByTheBarrierSurvivesACrashOfTheServer() throws Exception {
    String relaxedInsert = "INSERT INTO seen SELECT ? FROM " + RelaxedCommit.RELATION;
    assertThat(rowsAfterACrash(relaxedInsert, DurabilityBarrier.STATEMENT)).isEqualTo(COMMITS);
  }

  /**
   * Commits {@code insert} COMMITS times, each followed by {@code after} if given, kills the server
   * and counts the rows it has after a restart on the same files.
   */
  private long rowsAfterACrash(String insert, String after) throws Exception {
    Path data = dir.resolve("postgres");
    try (EmbeddedPostgres crashed = StandalonePostgres.start(data, 0, new Properties()).server()) {
      try (Connection connection = crashed.getPostgresDatabase().getConnection();
          Statement statement = connection.createStatement()) {
        // What a power cut would need: not something a test can cut, so the setting is checked.
        assertThat(setting(statement, "fsync")).isEqualTo("on");
        assertThat(setting(statement, "synchronous_commit")).isEqualTo("on");
        statement.execute("CREATE TABLE seen (n bigint PRIMARY KEY)");
        statement.execute("CREATE SEQUENCE durability_barrier");
        commitOneByOne(connection, insert, after);
        // While the connection is open and the last commit is a moment old.
        killEveryServerProcess(data);
      }
    }
    try (EmbeddedPostgres restarted = StandalonePostgres.start(data, 0, new Properties()).server();
        Connection connection = restarted.getPostgresDatabase().getConnection();
        Statement statement = connection.createStatement();
        ResultSet rows = statement.executeQuery("SELECT count(*), max(n) FROM seen")) {
      rows.next();
      // No gaps: the rows are the first ones, up to the last commit the loop saw.
      assertThat(rows.getLong(2)).isEqualTo(rows.getLong(1));
      return rows.getLong(1);
    }
  }

  /**
   * The statements whose loss no caller could notice join {@link RelaxedCommit}: their commits do
   * not wait for the disk, and the setting does not outlive them.
   */
  @Test
  void aStatementJoiningTheRelaxedCommitDoesNotWaitForTheDisk() throws Exception {
    try (EmbeddedPostgres postgres =
            StandalonePostgres.start(dir.resolve("relaxed"), 0, new Properties()).server();
        Connection connection = postgres.getPostgresDatabase().getConnection();
        Statement statement = connection.createStatement()) {
      statement.execute("CREATE TABLE counter (n bigint)");
      statement.execute("INSERT INTO counter VALUES (0)");

      long waited = walSyncsDuring(statement, "UPDATE counter SET n = n + 1");
      long relaxed =
          walSyncsDuring(statement, "UPDATE counter SET n = n + 1 FROM " + RelaxedCommit.RELATION);

      assertThat(waited).isGreaterThanOrEqualTo(UPDATES);
      // The WAL writer flushes every 200 ms on its own; the backend itself never does.
      assertThat(relaxed).isLessThan(UPDATES / 4);
      assertThat(setting(statement, "synchronous_commit")).isEqualTo("on");
      try (ResultSet rows = statement.executeQuery("SELECT n FROM counter")) {
        rows.next();
        assertThat(rows.getLong(1)).isEqualTo(2L * UPDATES);
      }
    }
  }

  /**
   * The barrier waits for the disk on every call, though it writes nothing of consequence (a bare
   * {@code txid_current()} would not), and it leaves nothing behind in the setting either.
   */
  @Test
  void theBarrierWaitsForTheDiskEachTime() throws Exception {
    try (EmbeddedPostgres postgres =
            StandalonePostgres.start(dir.resolve("barrier"), 0, new Properties()).server();
        Connection connection = postgres.getPostgresDatabase().getConnection();
        Statement statement = connection.createStatement()) {
      statement.execute("CREATE SEQUENCE durability_barrier");

      long idOnly = walSyncsDuring(statement, "SELECT txid_current()");
      long barriers = walSyncsDuring(statement, DurabilityBarrier.STATEMENT);

      assertThat(idOnly).isLessThan(UPDATES / 4);
      assertThat(barriers).isGreaterThanOrEqualTo(UPDATES);
    }
  }

  /** WAL flushes ({@code pg_stat_wal.wal_sync}) while {@code sql} runs UPDATES times. */
  private static long walSyncsDuring(Statement statement, String sql) throws SQLException {
    long before = walSyncs(statement);
    for (int i = 0; i < UPDATES; i++) {
      statement.execute(sql);
    }
    return walSyncs(statement) - before;
  }

  private static long walSyncs(Statement statement) throws SQLException {
    // A backend reports its statistics when idle, at most once a second, unless asked now.
    statement.execute("SELECT pg_stat_force_next_flush()");
    try (ResultSet result = statement.executeQuery("SELECT wal_sync FROM pg_stat_wal")) {
      result.next();
      return result.getLong(1);
    }
  }

  private static String setting(Statement statement, String name) throws SQLException {
    try (ResultSet result = statement.executeQuery("SHOW " + name)) {
      result.next();
      return result.getString(1);
    }
  }

  /** Each insert its own transaction, as the money statements are. */
  private static void commitOneByOne(Connection connection, String sql, String after)
      throws SQLException {
    connection.setAutoCommit(true);
    try (PreparedStatement insert = connection.prepareStatement(sql);
        Statement barrier = connection.createStatement()) {
      for (int n = 1; n <= COMMITS; n++) {
        insert.setLong(1, n);
        insert.executeUpdate();
        if (after != null) {
          barrier.execute(after);
        }
      }
    }
  }

  /**
   * SIGKILL for the postmaster and all its children at once: nothing is written on the way down, as
   * when the machine's OOM killer or a crash takes the server. Waits until all are gone, or the
   * restart would find the old shared memory still attached.
   */
  private static void killEveryServerProcess(Path data) throws Exception {
    long postmaster = Long.parseLong(Files.readAllLines(data.resolve("postmaster.pid")).get(0));
    ProcessHandle server = ProcessHandle.of(postmaster).orElseThrow();
    List<ProcessHandle> processes = new ArrayList<>(server.descendants().toList());
    processes.add(server);
    processes.forEach(ProcessHandle::destroyForcibly);
    for (ProcessHandle process : processes) {
      process.onExit().get(30, TimeUnit.SECONDS);
    }
  }
}
