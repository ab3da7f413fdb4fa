package io.cardgen.testsupport;

import java.util.Map;

/**
 * A single KRaft Kafka node a test can take down and bring back. The embedded implementation is the
 * standalone's own broker (deploy/standalone, wrapped by its tests); the containers one is {@link
 * ContainerKafka}.
 */
public interface KafkaBroker extends AutoCloseable {

  String bootstrapServers();

  /** What a Kafka client needs to reach this broker: its address and any credentials. */
  default Map<String, Object> clientProperties() {
    return Map.of("bootstrap.servers", bootstrapServers());
  }

  /** Stops the broker as an outage would, keeping its log, topics and share-group state. */
  void stop();

  /** Starts it again on the same address with the same log; returns once it serves clients. */
  void restart();

  @Override
  void close();
}
