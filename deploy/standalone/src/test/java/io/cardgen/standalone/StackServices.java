package io.cardgen.standalone;

import io.cardgen.testsupport.Backend;
import io.cardgen.testsupport.ContainerKafka;
import io.cardgen.testsupport.KafkaBroker;
import io.cardgen.testsupport.Postgres;
import io.cardgen.testsupport.TestS3;
import java.net.URI;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * PostgreSQL, Kafka and S3 for one test stack, from the {@linkplain Backend#selected() selected
 * backend}. Embedded: nothing here; the standalone starts its own, exactly as a seller runs it.
 * Containers: a fresh database, a Kafka node and an S3 endpoint in Docker, handed to the standalone
 * as the external services an operator would configure, so it embeds none of them.
 */
final class StackServices implements AutoCloseable {

  private final Postgres postgres;
  private final ContainerKafka kafka;
  private final TestS3 s3;

  private StackServices(Postgres postgres, ContainerKafka kafka, TestS3 s3) {
    this.postgres = postgres;
    this.kafka = kafka;
    this.s3 = s3;
  }

  static StackServices start() throws Exception {
    if (Backend.selected() == Backend.EMBEDDED) {
      return new StackServices(null, null, null);
    }
    Postgres postgres = Postgres.start();
    ContainerKafka kafka = null;
    try {
      kafka = ContainerKafka.start();
      return new StackServices(postgres, kafka, TestS3.start());
    } catch (Exception | Error failure) {
      if (kafka != null) {
        kafka.close();
      }
      postgres.close();
      throw failure;
    }
  }

  private boolean external() {
    return postgres != null;
  }

  /** The standalone's settings that mark these services as external (it then starts none). */
  Map<String, String> environment() {
    if (!external()) {
      return Map.of();
    }
    return Map.of(
        "SPRING_DATASOURCE_URL", postgres.jdbcUrl(),
        "SPRING_KAFKA_BOOTSTRAP_SERVERS", kafka.bootstrapServers(),
        "CARDGEN_S3_ENDPOINT", s3.endpoint().toString());
  }

  /** Where gateway and worker find these services, as {@code --name=value} arguments. */
  List<String> arguments() {
    Map<String, String> properties = new LinkedHashMap<>();
    if (external()) {
      properties.put("spring.datasource.url", postgres.jdbcUrl());
      properties.put("spring.datasource.username", postgres.username());
      properties.put("spring.datasource.password", postgres.password());
      properties.put("spring.kafka.bootstrap-servers", kafka.bootstrapServers());
      properties.put("cardgen.s3.endpoint", s3.endpoint().toString());
      properties.put("cardgen.s3.access-key", s3.accessKey());
      properties.put("cardgen.s3.secret-key", s3.secretKey());
    }
    return properties.entrySet().stream()
        .map(entry -> "--" + entry.getKey() + "=" + entry.getValue())
        .toList();
  }

  /** The S3 endpoint and key pair of this stack, wherever it runs. */
  record S3Access(URI endpoint, String accessKey, String secretKey) {}

  S3Access s3(StandaloneApplication app) {
    if (!external()) {
      return new S3Access(
          URI.create(app.stackProperties().get("cardgen.s3.endpoint")),
          EmbeddedStack.S3_ACCESS_KEY,
          app.stackProperties().get("cardgen.s3.secret-key"));
    }
    return new S3Access(s3.endpoint(), s3.accessKey(), s3.secretKey());
  }

  /** The stack's broker: the standalone's embedded one, or the Kafka container. */
  KafkaBroker kafka(StandaloneApplication app) {
    if (external()) {
      return kafka;
    }
    EmbeddedKafka embedded = app.embeddedKafka().orElseThrow();
    return new KafkaBroker() {
      @Override
      public String bootstrapServers() {
        return embedded.bootstrapServers();
      }

      @Override
      public Map<String, Object> clientProperties() {
        return embedded.clientProperties();
      }

      @Override
      public void stop() {
        embedded.stop();
      }

      @Override
      public void restart() {
        embedded.restart();
      }

      @Override
      public void close() {
        embedded.close();
      }
    };
  }

  @Override
  public void close() throws Exception {
    if (external()) {
      s3.close();
      kafka.close();
      postgres.close();
    }
  }
}
