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

  /**
   * A day is far longer than any job waits for a worker (the sweeper republishes one that waited
   * too long anyway), and job messages may carry copies of small photos (ADR 0024), which should
   * not outlive the work: hour-long segments let the day's limit apply within the hour.
   */
  @Bean
  NewTopic jobsTopic(TopicProperties properties) {
    return TopicBuilder.name(Topics.JOBS)
        .partitions(properties.jobsPartitions())
        .replicas(properties.replicationFactor())
        .config("retention.ms", "86400000")
        .config("segment.ms", "3600000")
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
