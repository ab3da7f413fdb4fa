package io.cardgen.standalone;

import static org.awaitility.Awaitility.await;

import io.cardgen.common.wire.JobMessage;
import io.cardgen.common.wire.JobOrigin;
import io.cardgen.common.wire.JobPhotoCount;
import io.cardgen.common.wire.Topics;
import io.cardgen.common.wire.WireJson;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.ListShareGroupOffsetsSpec;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.clients.producer.RecordMetadata;
import org.apache.kafka.common.TopicPartition;
import org.springframework.kafka.core.KafkaTemplate;

/** Delivers a job's record again, as Kafka or the relay may, and waits until a worker took it. */
final class JobRedelivery {

  private JobRedelivery() {}

  /** Publishes the job's record once more, as the sweeper republishes it (no headers). */
  static RecordMetadata deliverAgain(TestStack stack, UUID job, String key) throws Exception {
    return deliverAgain(stack, job, key, false);
  }

  /**
   * Publishes the job's record once more; {@code asPublished} adds the headers the gateway gives it
   * (origin, one photo), as a share group's redelivery of the gateway's record carries them.
   */
  @SuppressWarnings("unchecked")
  static RecordMetadata deliverAgain(TestStack stack, UUID job, String key, boolean asPublished)
      throws Exception {
    KafkaTemplate<String, String> kafka = stack.app.gateway().getBean(KafkaTemplate.class);
    var record = new ProducerRecord<>(Topics.JOBS, key, WireJson.write(new JobMessage(job)));
    if (asPublished) {
      long now = TimeUnit.MILLISECONDS.toMicros(System.currentTimeMillis());
      record.headers().add(JobOrigin.HEADER, JobOrigin.encode(now));
      record.headers().add(JobPhotoCount.HEADER, JobPhotoCount.encode(1));
    }
    return kafka.send(record).get(10, TimeUnit.SECONDS).getRecordMetadata();
  }

  /** Waits until the workers' share group has acknowledged the record: a worker handled it. */
  static void awaitConsumed(TestStack stack, RecordMetadata record) {
    TopicPartition partition = new TopicPartition(record.topic(), record.partition());
    try (Admin admin = Admin.create(stack.kafka().clientProperties())) {
      ListShareGroupOffsetsSpec spec =
          new ListShareGroupOffsetsSpec().topicPartitions(List.of(partition));
      await("record " + record + " acknowledged")
          .atMost(Duration.ofSeconds(30))
          .pollInterval(Duration.ofMillis(250))
          .until(
              () ->
                  admin
                      .listShareGroupOffsets(Map.of(Topics.WORKER_SHARE_GROUP, spec))
                      .partitionsToOffsetInfo(Topics.WORKER_SHARE_GROUP)
                      .get(5, TimeUnit.SECONDS)
                      .get(partition),
              // Past the start offset, or nothing left unacknowledged up to the end (the start
              // offset is persisted lazily; the lag counts every record not yet acknowledged).
              state ->
                  state != null
                      && (state.startOffset() > record.offset()
                          || state.lag().orElse(Long.MAX_VALUE) == 0));
    }
  }
}
