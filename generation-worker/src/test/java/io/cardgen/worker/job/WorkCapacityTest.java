package io.cardgen.worker.job;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.lang.Thread.State;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.FutureTask;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;

class WorkCapacityTest {

  /** Ten slots, of which batch items may use seven. */
  private final WorkCapacity capacity =
      new WorkCapacity(
          JobFixtures.workerProperties(10, "capacity-test"),
          new BatchFeedProperties(3, Duration.ofMillis(50), Duration.ofSeconds(1), true),
          new SimpleMeterRegistry());

  @Test
  void batchItemsGetAsManySlotsAsAreFreeBeyondTheReserve() {
    assertThat(capacity.tryAcquireForBatch(4)).isEqualTo(4);
    assertThat(capacity.tryAcquireForBatch(16)).isEqualTo(3);
    assertThat(capacity.tryAcquireForBatch(16)).isZero();
    assertThat(capacity.inFlight()).isEqualTo(7);

    capacity.releaseBatch(2);

    assertThat(capacity.tryAcquireForBatch(16)).isEqualTo(2);
  }

  @Test
  void batchItemsGetOnlyTheSlotsSynchronousJobsLeft() {
    for (int i = 0; i < 8; i++) {
      capacity.acquireForSync(() -> false);
    }

    assertThat(capacity.tryAcquireForBatch(16)).isEqualTo(2);
    assertThat(capacity.tryAcquireForBatch(1)).isZero();
    assertThat(capacity.inFlight()).isEqualTo(10);

    capacity.releaseSync();

    assertThat(capacity.tryAcquireForBatch()).isTrue();
  }

  @Test
  void slotsGivenBackAreFreeForSynchronousJobsAgain() {
    int taken = capacity.tryAcquireForBatch(7);
    capacity.releaseBatch(taken);
    capacity.releaseBatch(0);

    assertThat(capacity.inFlight()).isZero();
    assertThat(capacity.tryAcquireForBatch(16)).isEqualTo(7);
  }

  @Test
  void aWaitForASlotEndsWithoutOneWhenTheStopBegins() throws Exception {
    AtomicBoolean stopping = new AtomicBoolean();
    for (int i = 0; i < 10; i++) {
      capacity.acquireForSync(stopping::get);
    }
    FutureTask<Boolean> acquire = new FutureTask<>(() -> capacity.acquireForSync(stopping::get));
    Thread consumer = new Thread(acquire);
    consumer.start();
    await().atMost(Duration.ofSeconds(5)).until(() -> consumer.getState() == State.WAITING);

    stopping.set(true);
    capacity.wakeSyncWaiters();

    assertThat(acquire.get(5, TimeUnit.SECONDS)).isFalse();
    assertThat(capacity.inFlight()).isEqualTo(10);
    capacity.releaseSync();
    assertThat(capacity.acquireForSync(stopping::get)).as("a free slot once stopping").isFalse();
  }

  @Test
  void aSlotGivenBackByABatchItemWakesASynchronousJobWaitingForIt() throws Exception {
    for (int i = 0; i < 3; i++) {
      capacity.acquireForSync(() -> false);
    }
    assertThat(capacity.tryAcquireForBatch(7)).isEqualTo(7);
    CompletableFuture<Boolean> acquired =
        CompletableFuture.supplyAsync(() -> capacity.acquireForSync(() -> false));

    capacity.releaseBatch();

    assertThat(acquired.get(5, TimeUnit.SECONDS)).isTrue();
    assertThat(capacity.inFlight()).isEqualTo(10);
  }
}
