package io.cardgen.gateway.reply;

import io.cardgen.common.wire.JobReply;
import io.cardgen.common.wire.Topics;
import io.cardgen.common.wire.WireJson;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.errors.WakeupException;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.kafka.autoconfigure.KafkaProperties;
import org.springframework.context.SmartLifecycle;
import org.springframework.stereotype.Component;

/**
 * Reads every reply on {@code cardgen.replies} and wakes the request waiting for it, if it waits on
 * this replica. Each replica reads all partitions from the end, without a consumer group: a reply
 * is only a wake-up, so one missed while starting costs a re-read at the timeout, nothing more, and
 * no group bookkeeping piles up as replicas come and go.
 */
@Component
class ReplyListener implements SmartLifecycle {

  private static final Logger log = LoggerFactory.getLogger(ReplyListener.class);

  /**
   * Spring Boot's web server runs its graceful shutdown at DEFAULT_PHASE - 1024, stops at - 2048.
   */
  static final int PHASE = SmartLifecycle.DEFAULT_PHASE - 4096;

  private final KafkaProperties kafkaProperties;
  private final ReplyWaiter waiter;
  private volatile KafkaConsumer<String, String> consumer;
  private volatile Thread thread;

  ReplyListener(KafkaProperties kafkaProperties, ReplyWaiter waiter) {
    this.kafkaProperties = kafkaProperties;
    this.waiter = waiter;
  }

  @Override
  public void start() {
    // Spring's consumer settings carry the security ones (SASL, TLS) the producer uses too.
    Map<String, Object> config = new HashMap<>(kafkaProperties.buildConsumerProperties());
    // Assigned partitions, read from the end: no group, nothing committed.
    config.remove(ConsumerConfig.GROUP_ID_CONFIG);
    config.put(ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG, StringDeserializer.class);
    config.put(ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG, StringDeserializer.class);
    config.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, false);
    consumer = new KafkaConsumer<>(config);
    thread = new Thread(this::run, "reply-listener");
    thread.setDaemon(true);
    thread.start();
  }

  private void run() {
    try {
      List<TopicPartition> partitions = partitions();
      consumer.assign(partitions);
      consumer.seekToEnd(partitions);
      while (!Thread.currentThread().isInterrupted()) {
        for (ConsumerRecord<String, String> record : consumer.poll(Duration.ofSeconds(1))) {
          wake(record.value());
        }
      }
    } catch (WakeupException stopping) {
      log.debug("Reply listener stopping");
    } finally {
      consumer.close(Duration.ofSeconds(2));
    }
  }

  private List<TopicPartition> partitions() {
    while (true) {
      var infos = consumer.partitionsFor(Topics.REPLIES, Duration.ofSeconds(10));
      if (infos != null && !infos.isEmpty()) {
        return infos.stream()
            .map(info -> new TopicPartition(info.topic(), info.partition()))
            .toList();
      }
      log.info("Waiting for topic {} to exist", Topics.REPLIES);
    }
  }

  private void wake(String payload) {
    try {
      waiter.wake(WireJson.read(payload, JobReply.class).jobId());
    } catch (RuntimeException malformed) {
      log.warn("Ignoring a malformed reply: {}", malformed.toString());
    }
  }

  @Override
  public void stop() {
    KafkaConsumer<String, String> current = consumer;
    if (current != null) {
      current.wakeup();
    }
    Thread running = thread;
    if (running != null) {
      try {
        running.join(Duration.ofSeconds(5).toMillis());
      } catch (InterruptedException interrupted) {
        Thread.currentThread().interrupt();
      }
    }
    thread = null;
  }

  @Override
  public boolean isRunning() {
    return thread != null;
  }

  /**
   * Below the web server's phases: on shutdown the listener stops only after the graceful shutdown
   * has answered the requests it holds, whose jobs' replies arrive during that drain (a stop in the
   * default phase, first of all, left them to the reply timeout). It also starts before the server
   * takes requests.
   */
  @Override
  public int getPhase() {
    return PHASE;
  }
}
