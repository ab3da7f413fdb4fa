package io.cardgen.standalone;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.common.errors.SaslAuthenticationException;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The embedded broker serves only clients that present the data directory's password (ADR 0056):
 * another local user reaches neither the jobs' records nor the topics. Its controller listener asks
 * too, and the broker's own connections to it get in.
 */
class EmbeddedKafkaPasswordIT {

  private static final String PASSWORD = "embedded-kafka-password-it";

  @TempDir static Path logDir;

  private static EmbeddedKafka broker;

  @BeforeAll
  static void startBroker() throws Exception {
    broker = EmbeddedKafka.start(logDir, 0, PASSWORD);
  }

  @AfterAll
  static void stopBroker() {
    broker.close();
  }

  @Test
  void aClientWithThePasswordIsServed() throws Exception {
    try (Admin admin = Admin.create(quick(broker.clientProperties()))) {
      assertThat(admin.describeCluster().nodes().get(60, TimeUnit.SECONDS)).hasSize(1);
      admin.createTopics(List.of(new NewTopic("t", 1, (short) 1))).all().get(60, TimeUnit.SECONDS);
    }
  }

  /**
   * Such a client is never answered, only disconnected: it waits out its whole API timeout, which
   * is kept short here. A broker that served it would answer its first request in milliseconds.
   */
  @Test
  void aClientWithoutAPasswordIsNotServed() {
    Map<String, Object> plain = quick(Map.of("bootstrap.servers", broker.bootstrapServers()));
    plain.put("request.timeout.ms", 1_500);
    plain.put("default.api.timeout.ms", 3_000);
    try (Admin admin = Admin.create(plain)) {
      assertThatThrownBy(() -> admin.listTopics().names().get(20, TimeUnit.SECONDS))
          .isInstanceOfAny(ExecutionException.class, TimeoutException.class);
    }
  }

  @Test
  void aClientWithAnotherPasswordIsRefused() {
    Map<String, Object> wrong = new HashMap<>(broker.clientProperties());
    wrong.put(
        "sasl.jaas.config",
        ((String) wrong.get("sasl.jaas.config")).replace(PASSWORD, "not-the-password-at-all"));
    try (Admin admin = Admin.create(quick(wrong))) {
      assertThatThrownBy(() -> admin.listTopics().names().get(20, TimeUnit.SECONDS))
          .isInstanceOf(ExecutionException.class)
          .hasCauseInstanceOf(SaslAuthenticationException.class);
    }
  }

  /** An admin client that gives up within seconds rather than Kafka's default minute. */
  private static Map<String, Object> quick(Map<String, Object> properties) {
    Map<String, Object> config = new HashMap<>(properties);
    config.put("request.timeout.ms", 5_000);
    config.put("default.api.timeout.ms", 10_000);
    return config;
  }
}
