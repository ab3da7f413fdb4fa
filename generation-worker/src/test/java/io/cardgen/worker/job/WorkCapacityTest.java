package io.cardgen.worker.job;

import static org.assertj.core.api.Assertions.assertThat;

import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.time.Duration;
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
      capacity.acquireForSync();
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
}
