package io.cardgen.worker.job;

import io.cardgen.common.stage.OldestFirstGate;
import io.cardgen.common.wire.JobMessage;
import io.cardgen.common.wire.JobOrigin;
import io.cardgen.common.wire.JobPhotoCount;
import io.cardgen.common.wire.Topics;
import io.cardgen.common.wire.WireJson;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.UUID;
import java.util.concurrent.Executor;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.consumer.AcknowledgeType;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.common.header.Header;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.kafka.listener.MessageListener;
import org.springframework.kafka.listener.ShareConsumerRecordRecoverer;
import org.springframework.stereotype.Component;

/**
 * The share-group listener. It takes a synchronous slot of {@link WorkCapacity} before each record,
 * so when every slot is busy the consumer thread waits here instead of polling: the worker only
 * fetches work it can start. A record is only a pointer; the claim in PostgreSQL decides whether
 * this worker runs the job, so a redelivered or duplicated record is harmless. A job also waits for
 * room in the {@link PhotoMemoryBudget} before it starts, again on the consumer thread: before its
 * claim when the record says how many photos the job has ({@link JobPhotoCount}, every record the
 * gateway publishes), so the claim can run on the job's own thread, in parallel with the next
 * records'; after a claim on the consumer thread otherwise. The claim, like the job's later
 * sections, queues at the {@link OldestFirstGate} by when the job's request reached the gateway.
 *
 * <p>A stopping worker starts no job from Kafka ({@link IntakeStop}): a record it is given once the
 * stop has begun, or while it waits for room when the stop begins, is handed back to the share
 * group (RELEASE) for another worker, its job untouched in PostgreSQL.
 */
@Component
class JobIntake implements MessageListener<String, String> {

  private static final Logger log = LoggerFactory.getLogger(JobIntake.class);

  // How far a record's origin may lie from the record's own time: the intake before the write
  // (a body read slowly, the reply timeout bounds it), and the clocks of one gateway after it.
  private static final Duration ORIGIN_BEFORE_WRITE = Duration.ofMinutes(10);
  private static final Duration ORIGIN_AFTER_WRITE = Duration.ofMinutes(1);

  private final JobClaims claims;
  private final JobRunner processor;
  private final WorkerProperties properties;
  private final WorkerIdentity identity;
  private final Executor executor;
  private final WorkCapacity capacity;
  private final PhotoMemoryBudget memory;
  private final Clock clock;
  private final OldestFirstGate gate;
  private final IntakeStop stop;

  JobIntake(
      JobClaims claims,
      JobRunner processor,
      WorkerProperties properties,
      WorkerIdentity identity,
      JobExecutor executor,
      WorkCapacity capacity,
      PhotoMemoryBudget memory,
      Clock clock,
      OldestFirstGate gate,
      IntakeStop stop) {
    this.gate = gate;
    this.stop = stop;
    this.claims = claims;
    this.processor = processor;
    this.properties = properties;
    this.identity = identity;
    this.executor = executor;
    this.capacity = capacity;
    this.memory = memory;
    this.clock = clock;
  }

  /**
   * @throws Stopping when the record is handed back; the container's recoverer ({@link
   *     #acknowledgementAfter}) releases it
   */
  @Override
  public void onMessage(ConsumerRecord<String, String> record) {
    if (!capacity.acquireForSync(stop::begun)) {
      throw new Stopping();
    }
    boolean handedOff = false;
    try {
      long origin = originOf(record);
      OptionalInt photos = photoCountOf(record);
      handedOff =
          photos.isPresent()
              ? claimAside(record, origin, photos.getAsInt())
              : claimHere(record, origin);
    } finally {
      if (!handedOff) {
        capacity.releaseSync();
      }
    }
  }

  /**
   * The photo count is known, so the job's memory is set aside now and the claim runs on the job's
   * own thread: the next record's claim need not wait for this one's, nor the next poll for all.
   */
  private boolean claimAside(ConsumerRecord<String, String> record, long origin, int photos) {
    Optional<UUID> jobId = jobIdOf(record);
    if (jobId.isEmpty()) {
      return false;
    }
    UUID id = jobId.get();
    // Waits here, not polling, while the photos in flight fill the memory budget.
    PhotoMemoryBudget.Hold hold = memory.admitUnlessHeld(id, photos, stop::begun);
    if (hold == null) {
      return handBackIfStopping();
    }
    return handOff(
        hold,
        () -> claimOrLeave(id, origin).ifPresent(job -> processor.process(job, origin, hold)));
  }

  /** A record without a photo count: claimed here, so its memory is admitted by the claimed job. */
  private boolean claimHere(ConsumerRecord<String, String> record, long origin) {
    Optional<ClaimedJob> claimed = gate.run(origin, () -> jobIdOf(record).flatMap(this::claim));
    if (claimed.isEmpty()) {
      return false;
    }
    ClaimedJob job = claimed.get();
    // Waits here, not polling, while the photos in flight fill the memory budget.
    PhotoMemoryBudget.Hold hold =
        memory.admitUnlessStopping(job.id(), job.spec().photos().size(), stop::begun);
    if (hold == null) {
      giveBack(job);
      throw new Stopping();
    }
    return handOff(hold, () -> processor.process(job, origin, hold));
  }

  /** A wait for memory that gave nothing: a duplicate delivery, dropped, unless the stop began. */
  private boolean handBackIfStopping() {
    if (stop.begun()) {
      throw new Stopping();
    }
    return false;
  }

  /**
   * Queued again so that the handed-back record finds it claimable at once; the attempt stays
   * counted. If PostgreSQL does not answer, the lease runs out and the sweeper takes the job back.
   */
  private void giveBack(ClaimedJob job) {
    try {
      claims.requeue(job, clock.instant());
    } catch (RuntimeException failure) {
      log.warn("Job {} left to its lease while the worker stops: {}", job.id(), failure.toString());
    }
  }

  /** Runs a job on its own thread; its memory and slot are given back when it ends. */
  private boolean handOff(PhotoMemoryBudget.Hold hold, Runnable job) {
    try {
      executor.execute(
          () -> {
            try {
              job.run();
            } finally {
              memory.release(hold);
              capacity.releaseSync();
            }
          });
      return true;
    } catch (RuntimeException rejected) {
      memory.release(hold);
      throw rejected;
    }
  }

  /** From the gateway's header; a republished record has none and queues by its timestamp. */
  /**
   * When the job's request arrived; the record's own time for a record without it, or with one far
   * from when the record was written (the gateway writes it right after the intake): a forged
   * origin in the distant past would put its job ahead of every other.
   */
  static long originOf(ConsumerRecord<String, String> record) {
    long written = TimeUnit.MILLISECONDS.toMicros(record.timestamp());
    Header header = record.headers().lastHeader(JobOrigin.HEADER);
    long origin = JobOrigin.decode(header == null ? null : header.value()).orElse(written);
    boolean plausible =
        origin >= written - ORIGIN_BEFORE_WRITE.toNanos() / 1_000
            && origin <= written + ORIGIN_AFTER_WRITE.toNanos() / 1_000;
    return plausible ? origin : written;
  }

  private static OptionalInt photoCountOf(ConsumerRecord<String, String> record) {
    Header header = record.headers().lastHeader(JobPhotoCount.HEADER);
    return JobPhotoCount.decode(header == null ? null : header.value());
  }

  private static Optional<UUID> jobIdOf(ConsumerRecord<String, String> record) {
    try {
      return Optional.ofNullable(WireJson.read(record.value(), JobMessage.class).jobId());
    } catch (RuntimeException malformed) {
      log.warn("Skipping a malformed record on {}: {}", Topics.JOBS, malformed.toString());
      return Optional.empty();
    }
  }

  /**
   * The record is already taken from the share group, so a claim that fails (PostgreSQL away)
   * leaves the job queued: the sweeper publishes it again after {@code republish-after}.
   */
  private Optional<ClaimedJob> claimOrLeave(UUID jobId, long origin) {
    try {
      return gate.run(origin, () -> claim(jobId));
    } catch (RuntimeException failure) {
      log.warn(
          "Job {} not claimed, the sweeper will publish it again: {}", jobId, failure.toString());
      return Optional.empty();
    }
  }

  private Optional<ClaimedJob> claim(UUID jobId) {
    Instant now = clock.instant();
    return claims.claim(
        jobId, identity.id(), now, now.plus(properties.lease()), properties.maxAttempts());
  }

  /**
   * What the share consumer's container acknowledges for a record whose {@link #onMessage} threw: a
   * record handed back by a stopping worker is released, to be delivered to another worker at once;
   * any other failure is rejected (and logged) as spring-kafka does by default, its job published
   * again by the sweeper.
   */
  static AcknowledgeType acknowledgementAfter(ConsumerRecord<?, ?> record, Exception failure) {
    if (failure instanceof Stopping) {
      log.info(
          "Handing back {}-{}@{} to the share group: the worker is stopping",
          record.topic(),
          record.partition(),
          record.offset());
      return AcknowledgeType.RELEASE;
    }
    return ShareConsumerRecordRecoverer.REJECTING.recover(record, failure);
  }

  /**
   * The record was not started because the worker is stopping. Thrown, not returned: a listener's
   * failure is spring-kafka's only way to a RELEASE short of acknowledging every record by hand.
   */
  static final class Stopping extends RuntimeException {
    Stopping() {
      super("the worker is stopping", null, false, false);
    }
  }

  /** Jobs running now; for metrics and for tests that wait until a worker is idle. */
  int inFlight() {
    return capacity.inFlight();
  }
}
