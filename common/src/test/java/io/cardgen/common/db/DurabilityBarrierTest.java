package io.cardgen.common.db;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The barrier's rounds with a statement the test holds: who shares which statement, and that no
 * caller is released by a statement that started before it came.
 */
class DurabilityBarrierTest {

  private static final int JOINERS = 10;

  private final ExecutorService threads = Executors.newCachedThreadPool();
  private final AtomicInteger started = new AtomicInteger();
  private final AtomicInteger finished = new AtomicInteger();
  private final CountDownLatch firstStatementMayEnd = new CountDownLatch(1);
  private final CountDownLatch firstStatementRuns = new CountDownLatch(1);

  @AfterEach
  void stopThreads() {
    threads.shutdownNow();
  }

  /** The first statement waits for the test; the rest run through, or throw if told to. */
  private DurabilityBarrier barrierHoldingItsFirstStatement(RuntimeException laterFailure) {
    return new DurabilityBarrier(
        () -> {
          int number = started.incrementAndGet();
          if (number == 1) {
            firstStatementRuns.countDown();
            await(firstStatementMayEnd);
          } else if (laterFailure != null) {
            throw laterFailure;
          }
          finished.incrementAndGet();
        });
  }

  @Test
  void aLoneCallerRunsItsStatementAtOnce() {
    DurabilityBarrier barrier = new DurabilityBarrier(started::incrementAndGet);

    barrier.await();
    barrier.await();

    assertThat(started).hasValue(2);
    assertThat(barrier.waits()).isEqualTo(2);
    assertThat(barrier.rounds()).isEqualTo(2);
  }

  @Test
  void callersArrivingWhileAStatementRunsShareTheNextOneWhichStartsAfterThem() throws Exception {
    DurabilityBarrier barrier = barrierHoldingItsFirstStatement(null);
    List<Future<Integer>> joiners = joinWhileTheFirstStatementRuns(barrier);
    for (Future<Integer> joiner : joiners) {
      // Released by the second statement, which started after each of them arrived.
      assertThat(joiner.get(10, TimeUnit.SECONDS)).isEqualTo(2);
    }
    assertThat(started).hasValue(2);
    assertThat(barrier.rounds()).isEqualTo(2);
    assertThat(barrier.waits()).isEqualTo(1 + JOINERS);
  }

  @Test
  void aFailedStatementFailsEveryCallerOfItsRoundAndTheNextCallRunsAgain() throws Exception {
    IllegalStateException down = new IllegalStateException("database down");
    DurabilityBarrier barrier = barrierHoldingItsFirstStatement(down);
    List<Future<Integer>> joiners = joinWhileTheFirstStatementRuns(barrier);
    for (Future<Integer> joiner : joiners) {
      assertThatThrownBy(() -> joiner.get(10, TimeUnit.SECONDS)).hasCause(down);
    }
    assertThatThrownBy(barrier::await).isSameAs(down);
    assertThat(started).hasValue(3);
  }

  /**
   * One caller runs the first statement and holds it; JOINERS more arrive meanwhile; then the first
   * statement ends and releases its caller. Returns the joiners' calls, each giving the statements
   * finished when it returned.
   */
  private List<Future<Integer>> joinWhileTheFirstStatementRuns(DurabilityBarrier barrier)
      throws Exception {
    Future<Integer> first = threads.submit(() -> awaitAndCountFinished(barrier));
    await(firstStatementRuns);
    List<Future<Integer>> joiners = new ArrayList<>();
    for (int i = 0; i < JOINERS; i++) {
      joiners.add(threads.submit(() -> awaitAndCountFinished(barrier)));
    }
    until(() -> barrier.waits() == 1 + JOINERS);

    firstStatementMayEnd.countDown();

    // Released by its own statement; the next may have ended too by the time it looks.
    assertThat(first.get(10, TimeUnit.SECONDS)).isGreaterThanOrEqualTo(1);
    return joiners;
  }

  private int awaitAndCountFinished(DurabilityBarrier barrier) {
    barrier.await();
    return finished.get();
  }

  private static void await(CountDownLatch latch) {
    try {
      assertThat(latch.await(10, TimeUnit.SECONDS)).isTrue();
    } catch (InterruptedException interrupted) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(interrupted);
    }
  }

  /** Spins until the condition holds: the joiners only show themselves in the counter. */
  private static void until(BooleanSupplier condition) {
    long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
    while (!condition.getAsBoolean()) {
      assertThat(System.nanoTime() - deadline).as("waited 10 s").isNegative();
      Thread.onSpinWait();
    }
  }
}
