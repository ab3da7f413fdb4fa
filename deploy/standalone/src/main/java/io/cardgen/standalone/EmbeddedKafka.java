package io.cardgen.standalone;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Properties;
import kafka.server.KafkaConfig;
import kafka.server.KafkaRaftServer;
import kafka.tools.StorageTool;
import org.apache.kafka.common.Uuid;
import org.apache.kafka.common.utils.Time;

/**
 * A single-node Kafka 4.2 KRaft broker in this JVM, its log kept in the data directory so jobs
 * published before a restart are still there after it. Runs Kafka's own server classes with a plain
 * server configuration, as {@code kafka-server-start.sh} would, because the test kit's embedded
 * broker cannot listen on a fixed port and a separately started gateway or worker must be able to
 * find this one.
 */
final class EmbeddedKafka implements AutoCloseable {

  private final KafkaRaftServer server;
  private final String bootstrapServers;

  private EmbeddedKafka(KafkaRaftServer server, String bootstrapServers) {
    this.server = server;
    this.bootstrapServers = bootstrapServers;
  }

  /**
   * @param port the client port; 0 picks a free one (tests)
   */
  static EmbeddedKafka start(Path logDir, int port) throws IOException {
    Files.createDirectories(logDir);
    int clientPort = port == 0 ? freePort() : port;
    int controllerPort = freePort();
    Properties config = config(logDir, clientPort, controllerPort);
    format(logDir, config);
    KafkaRaftServer server = new KafkaRaftServer(KafkaConfig.fromProps(config), Time.SYSTEM);
    server.startup();
    return new EmbeddedKafka(server, "localhost:" + clientPort);
  }

  private static Properties config(Path logDir, int clientPort, int controllerPort) {
    Properties config = new Properties();
    config.put("process.roles", "broker,controller");
    config.put("node.id", "1");
    config.put("controller.quorum.voters", "1@localhost:" + controllerPort);
    config.put(
        "listeners",
        "PLAINTEXT://localhost:" + clientPort + ",CONTROLLER://localhost:" + controllerPort);
    config.put("advertised.listeners", "PLAINTEXT://localhost:" + clientPort);
    config.put("controller.listener.names", "CONTROLLER");
    config.put("inter.broker.listener.name", "PLAINTEXT");
    config.put("listener.security.protocol.map", "PLAINTEXT:PLAINTEXT,CONTROLLER:PLAINTEXT");
    config.put("log.dirs", logDir.toString());
    config.put("num.partitions", "1");
    config.put("offsets.topic.replication.factor", "1");
    config.put("transaction.state.log.replication.factor", "1");
    config.put("transaction.state.log.min.isr", "1");
    config.put("share.coordinator.state.topic.replication.factor", "1");
    config.put("share.coordinator.state.topic.min.isr", "1");
    config.put("group.initial.rebalance.delay.ms", "0");
    return config;
  }

  /** Formats the log directory on first start; a formatted one is left as it is. */
  private static void format(Path logDir, Properties config) throws IOException {
    if (Files.exists(logDir.resolve("meta.properties"))) {
      return;
    }
    Path file = Files.createTempFile("cardgen-kafka", ".properties");
    try (OutputStream out = Files.newOutputStream(file)) {
      config.store(out, "cardgen standalone");
    }
    ByteArrayOutputStream output = new ByteArrayOutputStream();
    String[] args = {
      "format", "--cluster-id", Uuid.randomUuid().toString(), "--config", file.toString()
    };
    int exit = StorageTool.execute(args, new PrintStream(output, true, StandardCharsets.UTF_8));
    Files.deleteIfExists(file);
    if (exit != 0) {
      throw new IllegalStateException("Formatting Kafka storage failed: " + output);
    }
  }

  /** Where the kernel says a port is free now; the tiny race with other processes is accepted. */
  private static int freePort() throws IOException {
    try (ServerSocket socket = new ServerSocket(0)) {
      return socket.getLocalPort();
    }
  }

  String bootstrapServers() {
    return bootstrapServers;
  }

  @Override
  public void close() {
    server.shutdown();
    server.awaitShutdown();
  }
}
