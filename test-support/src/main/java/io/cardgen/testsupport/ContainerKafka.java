package io.cardgen.testsupport;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.testcontainers.kafka.KafkaContainer;

/**
 * One {@code apache/kafka:4.2.1} node (KRaft) per fixture, configured like the standalone's
 * embedded broker: one partition per topic, single-node replication for the internal and share
 * coordinator topics, short share-group sessions. Its client port is bound to a fixed host port so
 * that a {@link #restart()} keeps the address the advertised listener names.
 */
public final class ContainerKafka implements KafkaBroker {

  private static final int KAFKA_PORT = 9092;
  private static final Duration READY = Duration.ofMinutes(2);

  private final KafkaContainer container;

  private ContainerKafka(KafkaContainer container) {
    this.container = container;
  }

  public static ContainerKafka start() {
    KafkaContainer container =
        new KafkaContainer(ContainerImages.KAFKA)
            .withEnv(
                Map.of(
                    "KAFKA_NUM_PARTITIONS", "1",
                    "KAFKA_SHARE_COORDINATOR_STATE_TOPIC_REPLICATION_FACTOR", "1",
                    "KAFKA_SHARE_COORDINATOR_STATE_TOPIC_MIN_ISR", "1",
                    "KAFKA_GROUP_SHARE_MIN_SESSION_TIMEOUT_MS", "6000",
                    "KAFKA_GROUP_SHARE_SESSION_TIMEOUT_MS", "10000",
                    "KAFKA_GROUP_SHARE_MIN_HEARTBEAT_INTERVAL_MS", "1000",
                    "KAFKA_GROUP_SHARE_HEARTBEAT_INTERVAL_MS", "2000",
                    "KAFKA_HEAP_OPTS", "-Xms256m -Xmx512m"))
            // Testcontainers starts Kafka through its command (it waits for a script carrying the
            // advertised listener); the official image has no ENTRYPOINT to get in the way, but
            // an image that starts the broker from its ENTRYPOINT would ignore that command and
            // advertise 0.0.0.0. `env` runs the command as given, whatever the image declares.
            .withCreateContainerCmdModifier(create -> create.withEntrypoint("env"))
            .withStartupTimeout(Duration.ofMinutes(3));
    container.setPortBindings(List.of(FreePorts.next() + ":" + KAFKA_PORT));
    container.start();
    return new ContainerKafka(container);
  }

  @Override
  public String bootstrapServers() {
    return container.getBootstrapServers();
  }

  @Override
  public void stop() {
    container.getDockerClient().stopContainerCmd(container.getContainerId()).exec();
  }

  @Override
  public void restart() {
    container.getDockerClient().startContainerCmd(container.getContainerId()).exec();
    awaitServing();
  }

  /** Blocks until the broker answers a metadata request, or fails after {@link #READY}. */
  private void awaitServing() {
    Map<String, Object> config =
        Map.of(
            AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG,
            bootstrapServers(),
            AdminClientConfig.DEFAULT_API_TIMEOUT_MS_CONFIG,
            (int) READY.toMillis());
    try (Admin admin = Admin.create(config)) {
      admin.describeCluster().nodes().get(READY.toMillis(), TimeUnit.MILLISECONDS);
    } catch (InterruptedException interrupted) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted waiting for Kafka", interrupted);
    } catch (ExecutionException | java.util.concurrent.TimeoutException failure) {
      throw new IllegalStateException("Kafka did not come back within " + READY, failure);
    }
  }

  @Override
  public void close() {
    container.stop();
  }

  /** Where the kernel says a port is free now; the tiny race with other processes is accepted. */
}
