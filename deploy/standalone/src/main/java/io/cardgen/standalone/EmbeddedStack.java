package io.cardgen.standalone;

import io.cardgen.standalone.simulator.LlmSimulator;
import io.cardgen.standalone.simulator.RequestRateLimit;
import io.cardgen.standalone.simulator.SimulatorProfile;
import java.net.URI;
import java.nio.file.Files;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.gaul.s3proxy.S3Proxy;
import org.gaul.s3proxy.auth.AuthenticationType;
import org.gaul.s3proxy.nio2blob.FilesystemNio2BlobStore;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Starts whatever the environment does not provide: PostgreSQL (data kept in the data directory), a
 * Kafka KRaft broker, an S3 endpoint on the filesystem and the LLM simulator. Returns the settings
 * that point the gateway and worker at them, as command-line properties. Each service is handed to
 * the standalone's {@link OrderedShutdown} the moment it has started, so a process stopped while
 * this runs stops what has started so far and the rest does not start.
 */
final class EmbeddedStack {

  static final String S3_ACCESS_KEY = "cardgen";
  static final String S3_PASSWORD_FILE = "s3.password";
  static final String KAFKA_PASSWORD_FILE = "kafka.password";
  private static final Logger log = LoggerFactory.getLogger(EmbeddedStack.class);

  private final OrderedShutdown shutdown;
  private final Map<String, String> properties = new LinkedHashMap<>();
  private EmbeddedKafka kafka;

  private EmbeddedStack(OrderedShutdown shutdown) {
    this.shutdown = shutdown;
  }

  /** Starts the services; on a failure, what has started stays with {@code shutdown} to stop. */
  static EmbeddedStack start(StandaloneSettings settings, OrderedShutdown shutdown)
      throws Exception {
    EmbeddedStack stack = new EmbeddedStack(shutdown);
    stack.startAll(settings);
    return stack;
  }

  private void startAll(StandaloneSettings settings) throws Exception {
    DataDirectory.prepare(settings.dataDir());
    if (!settings.has("SPRING_DATASOURCE_URL")) {
      startPostgres(settings);
    }
    if (!settings.has("SPRING_KAFKA_BOOTSTRAP_SERVERS")) {
      startKafka(settings);
    }
    if (!settings.has("CARDGEN_S3_ENDPOINT")) {
      startS3(settings);
    }
    if (settings.wantsSimulator()) {
      LlmSimulator simulator =
          LlmSimulator.start(
              "127.0.0.1",
              settings.simulatorPort(),
              settings.simulatorLatency(),
              SimulatorProfile.fromEnvironment(settings.environment()),
              RequestRateLimit.parse(settings.get("CARDGEN_SIMULATOR_RATE_LIMIT")),
              settings.simulatorTakesJsonSchema());
      shutdown.add(simulator);
      properties.put("cardgen.llm.base-url", simulator.baseUrl().toString());
      properties.put("cardgen.llm.api-key", "simulator");
      properties.put("cardgen.llm.model", "cardgen-simulator");
      log.info("LLM simulator at {}", simulator.baseUrl());
    }
  }

  private void startPostgres(StandaloneSettings settings) throws Exception {
    StandalonePostgres postgres =
        shutdown.add(
            StandalonePostgres.start(
                settings.dataDir().resolve("postgres"),
                settings.postgresPort(),
                System.getProperties()));
    String url = postgres.jdbcUrl();
    properties.put("spring.datasource.url", url);
    properties.put("spring.datasource.username", StandalonePostgres.USER);
    properties.put("spring.datasource.password", postgres.password());
    log.info("Embedded PostgreSQL at {} (data in {})", url, settings.dataDir().resolve("postgres"));
  }

  private void startKafka(StandaloneSettings settings) throws Exception {
    String password =
        ServicePassword.loadOrCreate(
            settings.dataDir().resolve(KAFKA_PASSWORD_FILE), "Kafka broker");
    kafka =
        shutdown.add(
            EmbeddedKafka.start(
                settings.dataDir().resolve("kafka"), settings.kafkaPort(), password));
    properties.putAll(kafka.springProperties());
    log.info("Embedded Kafka at {}", kafka.bootstrapServers());
  }

  private void startS3(StandaloneSettings settings) throws Exception {
    var directory = settings.dataDir().resolve("s3");
    Files.createDirectories(directory);
    // Kept rather than made at each start: a worker run apart from the standalone (a benchmark's)
    // reads it from the data directory.
    String secretKey =
        ServicePassword.loadOrCreate(settings.dataDir().resolve(S3_PASSWORD_FILE), "S3 endpoint");
    S3Proxy s3 =
        S3Proxy.builder()
            .blobStore(new FilesystemNio2BlobStore(directory.toString()))
            .endpoint(URI.create("http://127.0.0.1:" + settings.s3Port()))
            .awsAuthentication(AuthenticationType.AWS_V2_OR_V4, S3_ACCESS_KEY, secretKey)
            .build();
    s3.start();
    shutdown.add(s3::stop);
    awaitStarted(s3);
    URI endpoint = URI.create("http://127.0.0.1:" + s3.getPort());
    properties.put("cardgen.s3.endpoint", endpoint.toString());
    properties.put("cardgen.s3.access-key", S3_ACCESS_KEY);
    properties.put("cardgen.s3.secret-key", secretKey);
    log.info("Embedded S3 at {} (objects in {})", endpoint, directory);
  }

  /** S3Proxy's start returns before Jetty accepts connections; wait for it, boundedly. */
  private static void awaitStarted(S3Proxy s3) throws InterruptedException {
    long deadline = System.nanoTime() + java.util.concurrent.TimeUnit.SECONDS.toNanos(30);
    while (!"STARTED".equals(s3.getState())) {
      if (System.nanoTime() > deadline) {
        throw new IllegalStateException("S3Proxy did not start: " + s3.getState());
      }
      Thread.onSpinWait();
      Thread.sleep(10);
    }
  }

  /** Settings for the gateway and worker, as {@code --name=value} arguments. */
  List<String> arguments() {
    return properties.entrySet().stream().map(e -> "--" + e.getKey() + "=" + e.getValue()).toList();
  }

  Map<String, String> properties() {
    return Map.copyOf(properties);
  }

  /** The embedded broker, absent when an external Kafka is configured. */
  Optional<EmbeddedKafka> kafka() {
    return Optional.ofNullable(kafka);
  }
}
