package io.cardgen.testsupport;

import java.time.Duration;
import org.testcontainers.containers.wait.strategy.Wait;
import org.testcontainers.postgresql.PostgreSQLContainer;

/**
 * Containers started once per test JVM and stopped when it exits. Only PostgreSQL is shared: a new
 * database in it is as empty as a new cluster, at a fraction of the start-up cost. (Without Ryuk,
 * which an air-gapped Docker cannot pull, the shutdown hook is what removes the container.)
 */
final class SharedContainers {

  private static Database postgres;

  private SharedContainers() {}

  /** Where the shared PostgreSQL listens and how to log in. */
  record Database(String host, int port, String user, String password) {
    String jdbcUrl(String database) {
      return "jdbc:postgresql://" + host + ":" + port + "/" + database;
    }
  }

  static synchronized Database postgres() {
    if (postgres == null) {
      PostgreSQLContainer container =
          new PostgreSQLContainer(ContainerImages.POSTGRES)
              // The standalone tests run a gateway and workers per stack, each with a pool.
              .withCommand("postgres", "-c", "fsync=off", "-c", "max_connections=400")
              // pg_isready over TCP: the official image's init-time server listens on the
              // socket only, and the offline stand-in logs "ready" once, not twice.
              .waitingFor(
                  Wait.forSuccessfulCommand("pg_isready -h 127.0.0.1 -p 5432")
                      .withStartupTimeout(Duration.ofMinutes(3)));
      container.start();
      Runtime.getRuntime().addShutdownHook(new Thread(container::stop, "postgres-container-stop"));
      postgres =
          new Database(
              container.getHost(),
              container.getMappedPort(PostgreSQLContainer.POSTGRESQL_PORT),
              container.getUsername(),
              container.getPassword());
    }
    return postgres;
  }
}
