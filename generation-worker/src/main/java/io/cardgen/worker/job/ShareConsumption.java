package io.cardgen.worker.job;

import io.cardgen.common.wire.Topics;
import io.cardgen.storage.StartStep;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AlterConfigOp;
import org.apache.kafka.clients.admin.ConfigEntry;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.common.config.ConfigResource;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.springframework.boot.kafka.autoconfigure.KafkaProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.kafka.core.DefaultShareConsumerFactory;
import org.springframework.kafka.listener.ContainerProperties;
import org.springframework.kafka.listener.ShareKafkaMessageListenerContainer;

/**
 * Workers read {@code cardgen.jobs} as one Kafka share group (KIP-932): every worker may take
 * records from every partition, so adding workers adds throughput without partition skew.
 */
@Configuration(proxyBeanMethods = false)
class ShareConsumption {

  @Bean
  ShareKafkaMessageListenerContainer<String, String> jobContainer(
      KafkaProperties kafka, WorkerProperties properties, JobIntake intake) {
    Map<String, Object> config = connection(kafka);
    config.put(ConsumerConfig.GROUP_ID_CONFIG, Topics.WORKER_SHARE_GROUP);
    config.put(ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG, StringDeserializer.class);
    config.put(ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG, StringDeserializer.class);
    config.put(ConsumerConfig.MAX_POLL_RECORDS_CONFIG, properties.maxPollRecords());
    // Acquire no more than a poll returns (KIP-1206): the worker takes only what it can start.
    // The default, batch_optimized, acquires whole producer batches, under load many jobs per
    // fetch, which a full worker would hold locked while workers with free slots wait.
    config.put(ConsumerConfig.SHARE_ACQUIRE_MODE_CONFIG, "record_limit");
    ContainerProperties container = new ContainerProperties(Topics.JOBS);
    container.setMessageListener(intake);
    var jobs =
        new ShareKafkaMessageListenerContainer<>(
            new DefaultShareConsumerFactory<String, String>(config), container);
    // Records a stopping worker hands back are released for another worker, not rejected.
    jobs.setShareConsumerRecordRecoverer(JobIntake::acknowledgementAfter);
    jobs.setConcurrency(properties.consumers());
    jobs.setBeanName("jobContainer");
    return jobs;
  }

  /**
   * Spring's consumer settings — the brokers, {@code spring.kafka.security}, {@code ssl} and {@code
   * properties} (SASL, for one) — so a worker reaches a secured broker as the gateway's producer
   * does; less what a share consumer refuses to be given (Spring sets {@code isolation.level}
   * always).
   */
  private static Map<String, Object> connection(KafkaProperties kafka) {
    Map<String, Object> config = new HashMap<>(kafka.buildConsumerProperties());
    SHARE_UNSUPPORTED.forEach(config::remove);
    return config;
  }

  /** Kafka's ShareConsumerConfig refuses these (4.2). */
  private static final List<String> SHARE_UNSUPPORTED =
      List.of(
          ConsumerConfig.AUTO_OFFSET_RESET_CONFIG,
          ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG,
          ConsumerConfig.GROUP_INSTANCE_ID_CONFIG,
          ConsumerConfig.ISOLATION_LEVEL_CONFIG,
          ConsumerConfig.PARTITION_ASSIGNMENT_STRATEGY_CONFIG,
          ConsumerConfig.INTERCEPTOR_CLASSES_CONFIG,
          ConsumerConfig.SESSION_TIMEOUT_MS_CONFIG,
          ConsumerConfig.HEARTBEAT_INTERVAL_MS_CONFIG,
          ConsumerConfig.GROUP_PROTOCOL_CONFIG,
          ConsumerConfig.GROUP_REMOTE_ASSIGNOR_CONFIG);

  /** Before the job container starts, not while it is created (ADR 0044). */
  @Bean
  StartStep shareGroupFromEarliest(KafkaProperties kafka) {
    return new StartStep(() -> startFromEarliest(kafka));
  }

  /**
   * A new share group starts at the end of the topic by default, which would skip jobs published
   * before the first worker joined. The group setting is idempotent, so every worker sets it.
   */
  private static void startFromEarliest(KafkaProperties kafka) {
    try (Admin admin = Admin.create(kafka.buildAdminProperties())) {
      ConfigResource group =
          new ConfigResource(ConfigResource.Type.GROUP, Topics.WORKER_SHARE_GROUP);
      AlterConfigOp earliest =
          new AlterConfigOp(
              new ConfigEntry("share.auto.offset.reset", "earliest"), AlterConfigOp.OpType.SET);
      admin
          .incrementalAlterConfigs(Map.of(group, List.of(earliest)))
          .all()
          .get(30, TimeUnit.SECONDS);
    } catch (ExecutionException | TimeoutException failure) {
      throw new IllegalStateException(
          "Cannot configure share group " + Topics.WORKER_SHARE_GROUP, failure);
    } catch (InterruptedException interrupted) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("Interrupted while configuring the share group", interrupted);
    }
  }
}
