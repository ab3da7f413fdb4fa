package io.cardgen.gateway.job;

import io.cardgen.common.wire.Topics;
import org.apache.kafka.clients.admin.NewTopic;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.kafka.config.TopicBuilder;

/** Declares the topics; Spring's KafkaAdmin creates the missing ones at start. */
@Configuration(proxyBeanMethods = false)
class KafkaTopics {

  /**
   * @param jobsPartitions share groups let any number of workers read one partition, so this only
   *     bounds broker-side parallelism, not the number of workers
   */
  @ConfigurationProperties("cardgen.kafka")
  record TopicProperties(
      @DefaultValue("12") int jobsPartitions,
      @DefaultValue("3") int repliesPartitions,
      @DefaultValue("1") int replicationFactor) {}

  @Bean
  NewTopic jobsTopic(TopicProperties properties) {
    return TopicBuilder.name(Topics.JOBS)
        .partitions(properties.jobsPartitions())
        .replicas(properties.replicationFactor())
        .build();
  }

  @Bean
  NewTopic repliesTopic(TopicProperties properties) {
    return TopicBuilder.name(Topics.REPLIES)
        .partitions(properties.repliesPartitions())
        .replicas(properties.replicationFactor())
        .config("retention.ms", "3600000")
        .build();
  }
}
