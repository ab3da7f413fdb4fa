package io.cardgen.gateway.job;

import io.cardgen.common.wire.JobMessage;
import io.cardgen.common.wire.Topics;
import io.cardgen.common.wire.WireJson;
import java.time.Clock;
import java.util.UUID;
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
  private final JobRepository jobs;
  private final Clock clock;

  JobPublisher(KafkaTemplate<String, String> kafka, JobRepository jobs, Clock clock) {
    this.kafka = kafka;
    this.jobs = jobs;
    this.clock = clock;
  }

  void publish(UUID jobId, String idempotencyKey) {
    try {
      send(jobId, idempotencyKey);
    } catch (RuntimeException failure) {
      log.warn("Job {} not published, the sweeper will retry: {}", jobId, failure.toString());
    }
  }

  private void send(UUID jobId, String idempotencyKey) {
    kafka
        .send(Topics.JOBS, idempotencyKey, WireJson.write(new JobMessage(jobId)))
        .whenComplete(
            (result, failure) -> {
              if (failure != null) {
                log.warn(
                    "Job {} not published, the sweeper will retry: {}", jobId, failure.toString());
              } else {
                jobs.markPublished(jobId, clock.instant());
              }
            });
  }
}
