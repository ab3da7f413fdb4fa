package io.cardgen.worker.job;

import io.cardgen.common.reply.InProcessReplies;
import io.cardgen.common.wire.JobMessage;
import io.cardgen.common.wire.JobReply;
import io.cardgen.common.wire.Topics;
import io.cardgen.common.wire.WireJson;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.kafka.core.KafkaTemplate;
import org.springframework.stereotype.Component;

/**
 * What a worker tells Kafka: a finished job's wake-up for the waiting gateway, and a job handed
 * back to the queue. Both are hints; PostgreSQL already holds the truth when they are sent. A
 * wake-up for a request waiting in this JVM (the standalone) is handed over in-process instead (ADR
 * 0034).
 */
@Component
class JobNotices {

  private static final Logger log = LoggerFactory.getLogger(JobNotices.class);

  private final KafkaTemplate<String, String> kafka;
  private final InProcessReplies inProcess;

  JobNotices(KafkaTemplate<String, String> kafka, InProcessReplies inProcess) {
    this.kafka = kafka;
    this.inProcess = inProcess;
  }

  void finished(UUID jobId) {
    if (inProcess.deliver(jobId)) {
      return;
    }
    kafka
        .send(Topics.REPLIES, jobId.toString(), WireJson.write(new JobReply(jobId)))
        .whenComplete(
            (result, failure) -> {
              if (failure != null) {
                log.warn("Reply for job {} not sent: {}", jobId, failure.toString());
              }
            });
  }

  CompletableFuture<?> queued(UUID jobId, String idempotencyKey) {
    return kafka.send(Topics.JOBS, idempotencyKey, WireJson.write(new JobMessage(jobId)));
  }
}
