package io.cardgen.worker.job;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowable;
import static org.awaitility.Awaitility.await;

import io.cardgen.common.stage.OldestFirstGate;
import io.cardgen.common.wire.CardSpec;
import io.cardgen.common.wire.JobMessage;
import io.cardgen.common.wire.JobOrigin;
import io.cardgen.common.wire.JobPhotoCount;
import io.cardgen.common.wire.PhotoRef;
import io.cardgen.common.wire.Topics;
import io.cardgen.common.wire.WireJson;
import io.cardgen.testsupport.SettableClock;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.time.Duration;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.FutureTask;
import java.util.concurrent.TimeUnit;
import javax.sql.DataSource;
import org.apache.kafka.clients.consumer.AcknowledgeType;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.test.context.junit.jupiter.SpringJUnitConfig;

/**
 * The share-group listener against a real PostgreSQL: which thread claims a job, and what a record
 * holds of the worker's slots and photo memory. The job's run after its claim is recorded, not
 * performed.
 */
@SpringJUnitConfig(JobStoreTestConfiguration.class)
class JobIntakeIT {

  private static final long MB = 1024 * 1024;

  @Autowired JobClaims claims;
  @Autowired JobFixtures fixtures;
  @Autowired SettableClock clock;
  @Autowired DataSource data;
  @Autowired JdbcClient jdbc;

  private final RecordingRunner runner = new RecordingRunner();
  private final WorkerProperties properties = JobFixtures.workerProperties(10, "intake-it");
  private final WorkCapacity capacity =
      new WorkCapacity(
          properties,
          new BatchFeedProperties(5, Duration.ofMillis(50), Duration.ofSeconds(1), false),
          new SimpleMeterRegistry());
  private final PhotoMemoryBudget memory = new PhotoMemoryBudget(100 * MB, 10 * MB);
  private final IntakeStop stop = new IntakeStop(capacity, memory);
  private JobIntake intake;

  @BeforeEach
  void intake() {
    intake =
        new JobIntake(
            claims,
            runner,
            properties,
            new WorkerIdentity(properties),
            new JobExecutor(Duration.ofSeconds(30)),
            capacity,
            memory,
            clock,
            new OldestFirstGate(4, Duration.ofMillis(100)),
            stop);
    stop.start();
  }

  @AfterEach
  void everythingGivenBack() {
    runner.finishAll();
    await("slots and photo memory given back")
        .atMost(Duration.ofSeconds(10))
        .until(() -> capacity.inFlight() == 0 && memory.usedBytes() == 0);
  }

  @Test
  void aClaimWaitingOnItsJobsRowHoldsUpNeitherTheConsumerNorTheNextJob() throws Exception {
    UUID account = fixtures.anAccountWithCredits(10);
    UUID locked = fixtures.aQueuedJob(account, clock.instant());
    UUID next = fixtures.aQueuedJob(account, clock.instant());

    try (Connection holder = data.getConnection()) {
      holder.setAutoCommit(false);
      lockRow(holder, locked);

      // On the consumer's thread: both records are taken without waiting for the lock.
      CompletableFuture.runAsync(
              () -> {
                intake.onMessage(record(locked, true));
                intake.onMessage(record(next, true));
              })
          .get(10, TimeUnit.SECONDS);

      await("the next job claimed and running")
          .atMost(Duration.ofSeconds(10))
          .until(() -> runner.started.contains(next));
      assertThat(state(locked)).isEqualTo("QUEUED");
      assertThat(runner.started).containsExactly(next);
      holder.rollback();
    }

    await("the locked job claimed once its row is free")
        .atMost(Duration.ofSeconds(10))
        .until(() -> runner.started.contains(locked));
    assertThat(state(locked)).isEqualTo("RUNNING");
  }

  @Test
  void aRecordWithoutAPhotoCountIsClaimedOnTheConsumersThread() {
    UUID account = fixtures.anAccountWithCredits(10);
    UUID job = fixtures.aQueuedJob(account, clock.instant());

    intake.onMessage(record(job, false));

    // The sweeper's republished records carry no headers: claimed before onMessage returns.
    assertThat(state(job)).isEqualTo("RUNNING");
    await().atMost(Duration.ofSeconds(10)).until(() -> runner.started.contains(job));
  }

  @Test
  void aRecordHoldsItsPhotoMemoryAndSlotUntilItsJobEnds() {
    UUID account = fixtures.anAccountWithCredits(10);
    UUID job = fixtures.aQueuedJob(account, clock.instant());

    intake.onMessage(recordWithPhotos(job, 3));

    await().atMost(Duration.ofSeconds(10)).until(() -> runner.started.contains(job));
    assertThat(memory.usedBytes()).isEqualTo(30 * MB);
    assertThat(capacity.inFlight()).isOne();
  }

  @Test
  void aSecondDeliveryOfARunningJobIsDroppedAtOnceAndKeepsItsMemory() throws Exception {
    UUID account = fixtures.anAccountWithCredits(10);
    UUID job = fixtures.aQueuedJob(account, clock.instant());
    intake.onMessage(recordWithPhotos(job, 2));
    await().atMost(Duration.ofSeconds(10)).until(() -> runner.started.contains(job));

    CompletableFuture.runAsync(() -> intake.onMessage(recordWithPhotos(job, 2)))
        .get(10, TimeUnit.SECONDS);

    assertThat(runner.started).containsExactly(job);
    assertThat(memory.usedBytes()).isEqualTo(20 * MB);
    assertThat(capacity.inFlight()).isOne();
    assertThat(attempts(job)).isOne();
  }

  @Test
  void aRecordForAJobThatIsGoneGivesBackItsSlotAndMemory() {
    intake.onMessage(record(UUID.randomUUID(), true));
    intake.onMessage(record(UUID.randomUUID(), false));

    await()
        .atMost(Duration.ofSeconds(10))
        .until(() -> capacity.inFlight() == 0 && memory.usedBytes() == 0);
    assertThat(runner.started).isEmpty();
  }

  @Test
  void aRecordDeliveredOnceTheStopBeganIsHandedBackWithItsJobUntouched() {
    UUID account = fixtures.anAccountWithCredits(10);
    UUID counted = fixtures.aQueuedJob(account, clock.instant());
    UUID uncounted = fixtures.aQueuedJob(account, clock.instant());

    stop.stop();

    for (ConsumerRecord<String, String> record :
        List.of(record(counted, true), record(uncounted, false))) {
      Throwable handedBack = catchThrowable(() -> intake.onMessage(record));
      assertThat(JobIntake.acknowledgementAfter(record, (Exception) handedBack))
          .isEqualTo(AcknowledgeType.RELEASE);
    }
    assertUntouched(counted);
    assertUntouched(uncounted);
    assertThat(runner.started).isEmpty();
    assertThat(capacity.inFlight()).isZero();
  }

  @Test
  void aRecordWaitingForASlotWhenTheStopBeginsIsHandedBack() throws Exception {
    UUID job = fixtures.aQueuedJob(fixtures.anAccountWithCredits(10), clock.instant());
    for (int i = 0; i < properties.maxInFlight(); i++) {
      capacity.acquireForSync(() -> false);
    }
    try {
      FutureTask<Void> delivery = deliverOnAConsumerThread(record(job, true));

      stop.stop();

      assertHandedBack(delivery);
      assertUntouched(job);
    } finally {
      for (int i = 0; i < properties.maxInFlight(); i++) {
        capacity.releaseSync();
      }
    }
  }

  @Test
  void aRecordWaitingForPhotoMemoryWhenTheStopBeginsIsHandedBackWithItsSlot() throws Exception {
    UUID account = fixtures.anAccountWithCredits(10);
    UUID running = fixtures.aQueuedJob(account, clock.instant());
    UUID next = fixtures.aQueuedJob(account, clock.instant());
    intake.onMessage(recordWithPhotos(running, 10));
    await().atMost(Duration.ofSeconds(10)).until(() -> runner.started.contains(running));
    FutureTask<Void> delivery = deliverOnAConsumerThread(recordWithPhotos(next, 1));

    stop.stop();

    assertHandedBack(delivery);
    assertUntouched(next);
    assertThat(runner.started).containsExactly(running);
    assertThat(capacity.inFlight()).isOne();
    assertThat(memory.usedBytes()).isEqualTo(100 * MB);
  }

  /**
   * A record without a photo count is claimed before its memory is known: its claim is given back
   * so that the record handed back finds the job claimable. The attempt stays counted.
   */
  @Test
  void aJobClaimedOnTheConsumersThreadIsQueuedAgainWhenTheStopEndsItsWaitForMemory()
      throws Exception {
    UUID account = fixtures.anAccountWithCredits(10);
    UUID running = fixtures.aQueuedJob(account, clock.instant());
    UUID next = fixtures.aQueuedJob(account, clock.instant(), withOnePhoto());
    intake.onMessage(recordWithPhotos(running, 10));
    await().atMost(Duration.ofSeconds(10)).until(() -> runner.started.contains(running));
    FutureTask<Void> delivery = deliverOnAConsumerThread(record(next, false));
    await("claimed, waiting for memory")
        .atMost(Duration.ofSeconds(10))
        .until(() -> state(next).equals("RUNNING"));

    stop.stop();

    assertHandedBack(delivery);
    assertThat(state(next)).isEqualTo("QUEUED");
    assertThat(attempts(next)).isOne();
    assertThat(runner.started).containsExactly(running);
    assertThat(capacity.inFlight()).isOne();
  }

  @Test
  void aRecordThatFailedForAnotherReasonIsRejectedAsBefore() {
    ConsumerRecord<String, String> record = record(UUID.randomUUID(), true);

    assertThat(JobIntake.acknowledgementAfter(record, new IllegalStateException("database away")))
        .isEqualTo(AcknowledgeType.REJECT);
  }

  private static CardSpec withOnePhoto() {
    CardSpec spec = JobFixtures.aSpec();
    return new CardSpec(
        spec.style(),
        spec.shortDescription(),
        spec.productFacts(),
        spec.length(),
        spec.featuresCount(),
        spec.audience(),
        spec.headersCount(),
        spec.slogansCount(),
        spec.creativity(),
        spec.keywords(),
        List.of(PhotoRef.stored("products/ab/photo-1.jpg")));
  }

  /** Runs the listener as the share consumer's thread would, until it waits for room. */
  private FutureTask<Void> deliverOnAConsumerThread(ConsumerRecord<String, String> record) {
    FutureTask<Void> delivery = new FutureTask<>(() -> intake.onMessage(record), null);
    Thread consumer = new Thread(delivery, "test-consumer");
    consumer.start();
    await("the consumer waiting for room")
        .atMost(Duration.ofSeconds(10))
        .until(() -> consumer.getState() == Thread.State.WAITING);
    return delivery;
  }

  private static void assertHandedBack(FutureTask<Void> delivery) {
    assertThatThrownBy(() -> delivery.get(5, TimeUnit.SECONDS))
        .isInstanceOf(ExecutionException.class)
        .cause()
        .isInstanceOf(JobIntake.Stopping.class);
  }

  private void assertUntouched(UUID job) {
    assertThat(state(job)).isEqualTo("QUEUED");
    assertThat(attempts(job)).isZero();
  }

  /** A job record as the gateway publishes it, with a photo count, or as the sweeper does. */
  private static ConsumerRecord<String, String> record(UUID job, boolean withPhotoCount) {
    return record(job, withPhotoCount ? 1 : null);
  }

  private static ConsumerRecord<String, String> recordWithPhotos(UUID job, int photos) {
    return record(job, Integer.valueOf(photos));
  }

  private static ConsumerRecord<String, String> record(UUID job, Integer photos) {
    ConsumerRecord<String, String> record =
        new ConsumerRecord<>(Topics.JOBS, 0, 0, "key-" + job, WireJson.write(new JobMessage(job)));
    record.headers().add(JobOrigin.HEADER, JobOrigin.encode(1_000_000L));
    if (photos != null) {
      record.headers().add(JobPhotoCount.HEADER, JobPhotoCount.encode(photos));
    }
    return record;
  }

  private static void lockRow(Connection holder, UUID job) throws Exception {
    try (PreparedStatement lock =
        holder.prepareStatement("SELECT id FROM jobs WHERE id = ? FOR UPDATE")) {
      lock.setObject(1, job);
      lock.executeQuery().close();
    }
  }

  private String state(UUID job) {
    return jdbc.sql("SELECT state FROM jobs WHERE id = :id")
        .param("id", job)
        .query(String.class)
        .single();
  }

  private int attempts(UUID job) {
    return jdbc.sql("SELECT attempts FROM jobs WHERE id = :id")
        .param("id", job)
        .query(Integer.class)
        .single();
  }

  /** Records the jobs it is given and keeps each running until the test lets it finish. */
  private static final class RecordingRunner implements JobRunner {
    final List<UUID> started = new CopyOnWriteArrayList<>();
    private final CountDownLatch finish = new CountDownLatch(1);

    @Override
    public void process(ClaimedJob job, long origin, PhotoMemoryBudget.Hold memory) {
      started.add(job.id());
      try {
        finish.await(30, TimeUnit.SECONDS);
      } catch (InterruptedException interrupted) {
        Thread.currentThread().interrupt();
      }
    }

    void finishAll() {
      finish.countDown();
    }
  }
}
