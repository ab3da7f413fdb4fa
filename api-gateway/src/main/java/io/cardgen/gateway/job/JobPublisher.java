package io.cardgen.gateway.job;

import io.cardgen.common.wire.JobMessage;
import io.cardgen.common.wire.JobOrigin;
import io.cardgen.common.wire.JobPhotoCount;
import io.cardgen.common.wire.Topics;
import io.cardgen.common.wire.WireJson;
import java.util.UUID;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.kafka.core.KafkaTemplate;
import org.springframework.stereotype.Component;

/**
 * Publishes committed jobs. A failed publish is only logged: the job row stays unpublished and the
 * workers' sweeper republishes it, so Kafka trouble delays a card but never loses one.
 */
@Component
class JobPublisher {

  private static final Logger log = LoggerFactory.getLogger(JobPublisher.class);

  private final KafkaTemplate<String, String> kafka;
  private final PublishedMarks marks;

  JobPublisher(KafkaTemplate<String, String> kafka, PublishedMarks marks) {
    this.kafka = kafka;
    this.marks = marks;
  }

  void publish(UUID jobId, String idempotencyKey, long origin, int photos) {
    try {
      send(jobId, idempotencyKey, origin, photos);
    } catch (RuntimeException failure) {
      log.warn("Job {} not published, the sweeper will retry: {}", jobId, failure.toString());
    }
  }

  private void send(UUID jobId, String idempotencyKey, long origin, int photos) {
    ProducerRecord<String, String> record =
        new ProducerRecord<>(Topics.JOBS, idempotencyKey, WireJson.write(new JobMessage(jobId)));
    record.headers().add(JobOrigin.HEADER, JobOrigin.encode(origin));
    record.headers().add(JobPhotoCount.HEADER, JobPhotoCount.encode(photos));
    kafka
        .send(record)
        .whenComplete(
            (result, failure) -> {
              if (failure != null) {
                log.warn(
                    "Job {} not published, the sweeper will retry: {}", jobId, failure.toString());
              } else {
                marks.published(jobId);
              }
            });
  }
}
