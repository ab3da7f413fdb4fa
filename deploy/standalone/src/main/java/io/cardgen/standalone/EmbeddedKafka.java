package io.cardgen.standalone;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
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
 *
 * <p>Both listeners ask for a password (SASL PLAIN, user {@link #USER}): a local user of the
 * machine who cannot read the data directory can neither read the jobs' records nor publish any
 * (ADR 0056).
 */
final class EmbeddedKafka implements AutoCloseable {

  /** The one user the broker knows; its password is the data directory's {@code kafka.password}. */
  static final String USER = "cardgen";

  /**
   * The gateway's default partition count of the jobs topic ({@code
   * cardgen.kafka.jobs-partitions}).
   */
  static final int JOBS_PARTITIONS = 12;

  private final Properties config;
  private final String bootstrapServers;
  private final String password;
  private KafkaRaftServer server;

  private EmbeddedKafka(Properties config, String bootstrapServers, String password) {
    this.config = config;
    this.bootstrapServers = bootstrapServers;
    this.password = password;
  }

  /**
   * @param port the client port; 0 picks a free one (tests)
   * @param password what every client, the broker's own included, must present
   */
  static EmbeddedKafka start(Path logDir, int port, String password) throws IOException {
    Files.createDirectories(logDir);
    int clientPort = port == 0 ? ephemeralPort() : port;
    int controllerPort = ControllerPort.pick(clientPort);
    Properties config = config(logDir, clientPort, controllerPort, password);
    format(logDir, config);
    BrokerHistograms.installOnBroker();
    EmbeddedKafka kafka = new EmbeddedKafka(config, "localhost:" + clientPort, password);
    kafka.restart();
    return kafka;
  }

  /**
   * Stops the broker as an outage would, keeping its log; {@link #restart()} brings it back on the
   * same ports with the same topics, offsets and share-group state. For tests of that outage.
   */
  synchronized void stop() {
    if (server != null) {
      server.shutdown();
      server.awaitShutdown();
      server = null;
    }
  }

  /** Starts the broker (again) on its ports and log; does nothing while it runs. */
  synchronized void restart() {
    if (server == null) {
      KafkaRaftServer started = new KafkaRaftServer(KafkaConfig.fromProps(config), Time.SYSTEM);
      started.startup();
      server = started;
    }
  }

  private static Properties config(
      Path logDir, int clientPort, int controllerPort, String password) {
    Properties config = new Properties();
    config.put("process.roles", "broker,controller");
    config.put("node.id", "1");
    config.put("controller.quorum.voters", "1@localhost:" + controllerPort);
    config.put(
        "listeners",
        "SASL_PLAINTEXT://localhost:" + clientPort + ",CONTROLLER://localhost:" + controllerPort);
    config.put("advertised.listeners", "SASL_PLAINTEXT://localhost:" + clientPort);
    config.put("controller.listener.names", "CONTROLLER");
    config.put("inter.broker.listener.name", "SASL_PLAINTEXT");
    config.put(
        "listener.security.protocol.map",
        "SASL_PLAINTEXT:SASL_PLAINTEXT,CONTROLLER:SASL_PLAINTEXT");
    // PLAIN over loopback: only root could read it on the wire, and root reads the file anyway.
    config.put("sasl.enabled.mechanisms", "PLAIN");
    config.put("sasl.mechanism.inter.broker.protocol", "PLAIN");
    config.put("sasl.mechanism.controller.protocol", "PLAIN");
    // The broker's side and, for the node's own connections to itself, the client's side.
    String serverJaas = login(password) + " user_" + USER + "=\"" + password + "\";";
    config.put("listener.name.sasl_plaintext.plain.sasl.jaas.config", serverJaas);
    config.put("listener.name.controller.plain.sasl.jaas.config", serverJaas);
    config.put("log.dirs", logDir.toString());
    // The worker starts before the gateway, and its share consumer's subscription creates the jobs
    // topic with this count; the gateway then raised it to its 12 (KafkaTopics), and the worker
    // took the new partitions' assignment only at a later heartbeat: a fresh standalone's first
    // card
    // took 4 s instead of 1.8. Created with the gateway's count, the topic needs no change.
    config.put("num.partitions", String.valueOf(JOBS_PARTITIONS));
    config.put("offsets.topic.replication.factor", "1");
    config.put("transaction.state.log.replication.factor", "1");
    config.put("transaction.state.log.min.isr", "1");
    config.put("share.coordinator.state.topic.replication.factor", "1");
    config.put("share.coordinator.state.topic.min.isr", "1");
    config.put("group.initial.rebalance.delay.ms", "0");
    // The log cleaner compacts the share-state and offsets topics with a dedupe map of 128 MB by
    // default, allocated on the heap at start: a sixth of the standalone's heap, for topics that
    // hold a few thousand keys here. 8 MB still dedupes ~300 000 keys per pass.
    config.put("log.cleaner.dedupe.buffer.size", String.valueOf(8 * 1024 * 1024));
    // A worker killed without leaving the share group keeps its partitions until its session
    // expires (45 s by default); records published there meanwhile wait. Ten seconds keeps a
    // crashed worker's share of new jobs moving in dev and tests.
    config.put("group.share.min.session.timeout.ms", "6000");
    config.put("group.share.session.timeout.ms", "10000");
    config.put("group.share.min.heartbeat.interval.ms", "1000");
    config.put("group.share.heartbeat.interval.ms", "2000");
    // -Dcardgen.embedded-kafka.num.io.threads=2 (JAVA_OPTS) and the like win over the above.
    config.putAll(ServerSettingOverrides.read("cardgen.embedded-kafka.", System.getProperties()));
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

  /** A port the kernel says is free now (tests that pass 0); the race with others is theirs. */
  private static int ephemeralPort() throws IOException {
    try (ServerSocket socket = new ServerSocket(0)) {
      return socket.getLocalPort();
    }
  }

  String bootstrapServers() {
    return bootstrapServers;
  }

  /** What a Kafka client needs to reach this broker: its address and the password. */
  Map<String, Object> clientProperties() {
    return Map.of(
        "bootstrap.servers",
        bootstrapServers,
        "security.protocol",
        "SASL_PLAINTEXT",
        "sasl.mechanism",
        "PLAIN",
        "sasl.jaas.config",
        jaas(password));
  }

  /** {@link #clientProperties()} as Spring Boot's settings, for the gateway and the worker. */
  Map<String, String> springProperties() {
    return Map.of(
        "spring.kafka.bootstrap-servers",
        bootstrapServers,
        "spring.kafka.security.protocol",
        "SASL_PLAINTEXT",
        "spring.kafka.properties.sasl.mechanism",
        "PLAIN",
        "spring.kafka.properties.sasl.jaas.config",
        jaas(password));
  }

  private static String jaas(String password) {
    return login(password) + ";";
  }

  private static String login(String password) {
    // ServicePassword's shape (letters, digits, '-', '_') needs no escaping inside the quotes.
    return "org.apache.kafka.common.security.plain.PlainLoginModule required username=\""
        + USER
        + "\" password=\""
        + password
        + "\"";
  }

  @Override
  public void close() {
    stop();
  }
}
