package io.cardgen.worker.job;

import io.cardgen.common.stage.OldestFirstGate;
import io.cardgen.common.wire.JobMessage;
import io.cardgen.common.wire.JobOrigin;
import io.cardgen.common.wire.Topics;
import io.cardgen.common.wire.WireJson;
import java.time.Clock;
import java.time.Instant;
import java.util.Optional;
import java.util.concurrent.Executor;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.common.header.Header;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.kafka.listener.MessageListener;
import org.springframework.stereotype.Component;

/**
 * The share-group listener. It takes a synchronous slot of {@link WorkCapacity} before each record,
 * so when every slot is busy the consumer thread waits here instead of polling: the worker only
 * fetches work it can start. A record is only a pointer; the claim in PostgreSQL decides whether
 * this worker runs the job, so a redelivered or duplicated record is harmless. A claimed job also
 * waits for room in the {@link PhotoMemoryBudget} before it starts, again on the consumer thread.
 * The claim, like the job's later sections, queues at the {@link OldestFirstGate} by when the job's
 * request reached the gateway.
 */
@Component
class JobIntake implements MessageListener<String, String> {

  private static final Logger log = LoggerFactory.getLogger(JobIntake.class);

  private final JobClaims claims;
  private final GenerationProcessor processor;
  private final WorkerProperties properties;
  private final WorkerIdentity identity;
  private final Executor executor;
  private final WorkCapacity capacity;
  private final PhotoMemoryBudget memory;
  private final Clock clock;
  private final OldestFirstGate gate;

  JobIntake(
      JobClaims claims,
      GenerationProcessor processor,
      WorkerProperties properties,
      WorkerIdentity identity,
      JobExecutor executor,
      WorkCapacity capacity,
      PhotoMemoryBudget memory,
      Clock clock,
      OldestFirstGate gate) {
    this.gate = gate;
    this.claims = claims;
    this.processor = processor;
    this.properties = properties;
    this.identity = identity;
    this.executor = executor;
    this.capacity = capacity;
    this.memory = memory;
    this.clock = clock;
  }

  @Override
  public void onMessage(ConsumerRecord<String, String> record) {
    capacity.acquireForSync();
    boolean handedOff = false;
    try {
      long origin = originOf(record);
      Optional<ClaimedJob> claimed = gate.run(origin, () -> claim(record));
      if (claimed.isPresent()) {
        // Waits here, not polling, while the photos in flight fill the memory budget.
        memory.admit(claimed.get().id(), claimed.get().spec().photos().size());
        executor.execute(() -> runAndRelease(claimed.get(), origin));
        handedOff = true;
      }
    } finally {
      if (!handedOff) {
        capacity.releaseSync();
      }
    }
  }

  /** From the gateway's header; a republished record has none and queues by its timestamp. */
  private static long originOf(ConsumerRecord<String, String> record) {
    Header header = record.headers().lastHeader(JobOrigin.HEADER);
    return JobOrigin.decode(header == null ? null : header.value())
        .orElse(TimeUnit.MILLISECONDS.toMicros(record.timestamp()));
  }

  private Optional<ClaimedJob> claim(ConsumerRecord<String, String> record) {
    JobMessage message;
    try {
      message = WireJson.read(record.value(), JobMessage.class);
    } catch (RuntimeException malformed) {
      log.warn("Skipping a malformed record on {}: {}", Topics.JOBS, malformed.toString());
      return Optional.empty();
    }
    Instant now = clock.instant();
    return claims.claim(
        message.jobId(),
        identity.id(),
        now,
        now.plus(properties.lease()),
        properties.maxAttempts());
  }

  private void runAndRelease(ClaimedJob job, long origin) {
    try {
      processor.process(job, origin);
    } finally {
      memory.release(job.id());
      capacity.releaseSync();
    }
  }

  /** Jobs running now; for metrics and for tests that wait until a worker is idle. */
  int inFlight() {
    return capacity.inFlight();
  }
}
