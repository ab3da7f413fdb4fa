package io.cardgen.standalone;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.StringDeserializer;

/** Reading a topic of the stack's broker in tests, outside any consumer or share group. */
final class TopicConsumers {

  private TopicConsumers() {}

  /** A consumer assigned every partition of {@code topic}, positioned at their beginnings. */
  static KafkaConsumer<String, String> fromBeginning(TestStack stack, String topic) {
    Map<String, Object> config = new HashMap<>(stack.kafka().clientProperties());
    config.put("key.deserializer", StringDeserializer.class);
    config.put("value.deserializer", StringDeserializer.class);
    KafkaConsumer<String, String> consumer = new KafkaConsumer<>(config);
    List<TopicPartition> partitions =
        consumer.partitionsFor(topic).stream()
            .map(info -> new TopicPartition(info.topic(), info.partition()))
            .toList();
    consumer.assign(partitions);
    consumer.seekToBeginning(partitions);
    return consumer;
  }
}
