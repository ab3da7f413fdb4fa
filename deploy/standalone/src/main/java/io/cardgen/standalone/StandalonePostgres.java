package io.cardgen.standalone;

import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Properties;

/**
 * The standalone's own PostgreSQL, started from the zonky binaries. zonky is made for throwaway
 * test databases and starts the server with {@code fsync} off ({@code -F}) and {@code
 * synchronous_commit} off; the standalone keeps its data, money included, across runs, so both are
 * turned back on (ADR 0032): a crash of PostgreSQL loses no commit a caller has seen, and a power
 * cut cannot leave the files corrupt. {@code -Dcardgen.embedded-postgres.<setting>} still wins, for
 * a diagnosis or a benchmark of the difference.
 */
final class StandalonePostgres {

  static final String SETTING_PREFIX = "cardgen.embedded-postgres.";
  private static final Duration STARTUP_WAIT = Duration.ofMinutes(2);

  private StandalonePostgres() {}

  /**
   * @param port 0 for any free port
   * @param system where the {@value #SETTING_PREFIX} overrides are read from
   */
  static EmbeddedPostgres.Builder builder(Path dataDirectory, int port, Properties system) {
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
            .setPGStartupWait(STARTUP_WAIT);
    if (port != 0) {
      builder.setPort(port);
    }
    // A -c given after zonky's -F wins over it.
    builder.setServerConfig("fsync", "on");
    builder.setServerConfig("synchronous_commit", "on");
    ServerSettingOverrides.read(SETTING_PREFIX, system).forEach(builder::setServerConfig);
    return builder;
  }
}
