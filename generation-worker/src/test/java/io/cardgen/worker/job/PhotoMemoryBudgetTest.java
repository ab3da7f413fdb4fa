package io.cardgen.worker.job;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.lang.Thread.State;
import java.time.Duration;
import java.util.UUID;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.FutureTask;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class PhotoMemoryBudgetTest {

  private static final long MB = 1024 * 1024;

  private final PhotoMemoryBudget budget = new PhotoMemoryBudget(20 * MB, 10 * MB);

  @Test
  void admitsJobsWhileTheirWorstCaseFits() {
    budget.admit(UUID.randomUUID(), 1);
    budget.admit(UUID.randomUUID(), 1);

    assertThat(budget.usedBytes()).isEqualTo(20 * MB);
  }

  /** Through {@code admitUnlessHeld} too: a job not held waits like any other. */
  @ParameterizedTest(name = "unless held: {0}")
  @ValueSource(booleans = {false, true})
  void holdsTheNextJobBackUntilPhotosAreReleased(boolean unlessHeld) throws Exception {
    PhotoMemoryBudget.Hold first = budget.admit(UUID.randomUUID(), 2);
    CountDownLatch admitted = new CountDownLatch(1);
    Thread waiting =
        new Thread(
            () -> {
              if (unlessHeld) {
                assertThat(budget.admitUnlessHeld(UUID.randomUUID(), 1, () -> false)).isNotNull();
              } else {
                budget.admit(UUID.randomUUID(), 1);
              }
              admitted.countDown();
            });
    waiting.start();

    assertThat(admitted.await(200, TimeUnit.MILLISECONDS)).isFalse();
    budget.release(first);
    assertThat(admitted.await(5, TimeUnit.SECONDS)).isTrue();
    assertThat(budget.usedBytes()).isEqualTo(10 * MB);
  }

  @Test
  void aSettledJobFreesWhatItDoesNotHold() throws Exception {
    PhotoMemoryBudget.Hold small = budget.admit(UUID.randomUUID(), 2);
    Thread waiting = new Thread(() -> budget.admit(UUID.randomUUID(), 1));
    waiting.start();

    budget.settle(small, 100_000);

    await().atMost(Duration.ofSeconds(5)).until(() -> !waiting.isAlive());
    assertThat(budget.usedBytes()).isEqualTo(10 * MB + 100_000);
  }

  @Test
  void aJobLargerThanTheWholeBudgetRunsAlone() {
    PhotoMemoryBudget.Hold huge = budget.admit(UUID.randomUUID(), 50);

    assertThat(budget.usedBytes()).isEqualTo(20 * MB);
    budget.release(huge);
    assertThat(budget.usedBytes()).isZero();
  }

  @Test
  void ignoresJobsItNeverAdmitted() {
    PhotoMemoryBudget.Hold stranger = new PhotoMemoryBudget.Hold(UUID.randomUUID(), 42);
    budget.settle(stranger, 5 * MB);
    budget.release(stranger);

    assertThat(budget.usedBytes()).isZero();
  }

  @Test
  void aJobHeldAlreadyIsNotAdmittedAgainNorWaitedFor() {
    UUID running = UUID.randomUUID();
    PhotoMemoryBudget.Hold hold = budget.admit(running, 1);
    budget.settle(hold, 3 * MB);
    budget.admit(UUID.randomUUID(), 1);

    // 13 MB of 20 held: a one-photo job would wait, yet the second delivery returns at once.
    assertThat(budget.admitUnlessHeld(running, 1, () -> false)).isNull();
    assertThat(budget.usedBytes()).isEqualTo(13 * MB);
    budget.release(hold);
    assertThat(budget.usedBytes()).isEqualTo(10 * MB);
  }

  @Test
  void twoAttemptsOfOneJobHoldTheirOwnMemory() {
    UUID job = UUID.randomUUID();
    PhotoMemoryBudget.Hold first = budget.admit(job, 1);
    // the first attempt outlived its lease; its job was claimed here again
    PhotoMemoryBudget.Hold second = budget.admit(job, 1);
    assertThat(budget.usedBytes()).isEqualTo(20 * MB);

    budget.release(first);
    assertThat(budget.usedBytes())
        .as("the second attempt still holds its photos")
        .isEqualTo(10 * MB);
    budget.settle(second, 2 * MB);
    assertThat(budget.usedBytes()).isEqualTo(2 * MB);
    budget.release(second);
    assertThat(budget.usedBytes()).isZero();
  }

  @Test
  void theFirstAttemptSettlesItsOwnHoldNotTheSecondOnes() {
    UUID job = UUID.randomUUID();
    PhotoMemoryBudget.Hold first = budget.admit(job, 1);
    PhotoMemoryBudget.Hold second = budget.admit(job, 1);

    budget.settle(first, MB);
    budget.release(first);

    assertThat(budget.usedBytes())
        .as("the second attempt, still loading its photos, holds its whole estimate")
        .isEqualTo(10 * MB);
    budget.release(second);
    assertThat(budget.usedBytes()).isZero();
  }

  /** The intake's waits end when the worker stops, holding nothing; the batch feeder's do not. */
  @ParameterizedTest(name = "unless held: {0}")
  @ValueSource(booleans = {false, true})
  void anIntakeWaitForRoomEndsWithoutItWhenTheStopBegins(boolean unlessHeld) throws Exception {
    PhotoMemoryBudget.Hold first = budget.admit(UUID.randomUUID(), 2);
    AtomicBoolean stopping = new AtomicBoolean();
    UUID job = UUID.randomUUID();
    FutureTask<PhotoMemoryBudget.Hold> admit =
        new FutureTask<>(
            () ->
                unlessHeld
                    ? budget.admitUnlessHeld(job, 1, stopping::get)
                    : budget.admitUnlessStopping(job, 1, stopping::get));
    Thread consumer = new Thread(admit);
    consumer.start();
    await().atMost(Duration.ofSeconds(5)).until(() -> consumer.getState() == State.WAITING);

    stopping.set(true);
    budget.wakeWaiters();

    assertThat(admit.get(5, TimeUnit.SECONDS)).isNull();
    budget.release(first);
    assertThat(budget.usedBytes()).isZero();
    assertThat(budget.admitUnlessStopping(job, 1, stopping::get)).as("room once stopping").isNull();
    assertThat(budget.admit(job, 1)).as("a batch item's admission").isNotNull();
  }
}
