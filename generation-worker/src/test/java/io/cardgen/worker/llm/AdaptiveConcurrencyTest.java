package io.cardgen.worker.llm;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

class AdaptiveConcurrencyTest {

  private static long soon() {
    return System.nanoTime() + Duration.ofSeconds(5).toNanos();
  }

  private static long now() {
    return System.nanoTime();
  }

  /** When rate-limit answers come, for the quiet period: moved by the tests, not by sleeping. */
  private final AtomicLong clock = new AtomicLong();

  private void quietFor(Duration wait) {
    clock.addAndGet(wait.toNanos());
  }

  /** A 429 while a single call was in flight: the limit drops to 1, nothing left in flight. */
  private static void collapse(AdaptiveConcurrency concurrency) throws InterruptedException {
    concurrency.rateLimited(concurrency.acquire(soon()));
    assertThat(concurrency.limit()).isEqualTo(1);
  }

  /** As many calls as the limit allows start together, and all of them succeed. */
  private static void roundOfSuccesses(AdaptiveConcurrency concurrency)
      throws InterruptedException {
    int calls = concurrency.limit();
    for (int i = 0; i < calls; i++) {
      assertThat(concurrency.acquire(now())).isNotNegative();
    }
    for (int i = 0; i < calls; i++) {
      concurrency.succeeded();
    }
  }

  @Test
  void halvesWhatWasInFlightOnceARoundIsRateLimited() throws Exception {
    AdaptiveConcurrency concurrency = new AdaptiveConcurrency(100);
    long[] epochs = new long[8];
    for (int i = 0; i < epochs.length; i++) {
      epochs[i] = concurrency.acquire(soon());
    }

    concurrency.rateLimited(epochs[0]);
    concurrency.rateLimited(epochs[1]);
    concurrency.rateLimited(epochs[2]);

    // Eight were in flight: one decrease to four; the other 429s of that round do not count.
    assertThat(concurrency.limit()).isEqualTo(4);
  }

  @Test
  void refusesASlotBeyondTheLimitUntilOneIsFreed() throws Exception {
    AdaptiveConcurrency concurrency = new AdaptiveConcurrency(2);
    concurrency.acquire(soon());
    concurrency.acquire(soon());

    assertThat(concurrency.acquire(now() + Duration.ofMillis(50).toNanos())).isEqualTo(-1);
    concurrency.ended();
    assertThat(concurrency.acquire(soon())).isNotNegative();
  }

  @Test
  void growsBackByAboutOnePerRoundOfSuccesses() throws Exception {
    AdaptiveConcurrency concurrency = new AdaptiveConcurrency(100);
    long epoch = 0;
    for (int i = 0; i < 4; i++) {
      epoch = concurrency.acquire(soon());
    }
    concurrency.rateLimited(epoch);
    assertThat(concurrency.limit()).isEqualTo(2);
    for (int i = 0; i < 3; i++) {
      concurrency.ended();
    }

    for (int i = 0; i < 4; i++) {
      concurrency.acquire(soon());
      concurrency.succeeded();
    }

    assertThat(concurrency.limit()).isEqualTo(3);
  }

  @Test
  void neverDropsBelowOne() throws Exception {
    AdaptiveConcurrency concurrency = new AdaptiveConcurrency(10);
    for (int round = 0; round < 5; round++) {
      long epoch = concurrency.acquire(soon());
      concurrency.rateLimited(epoch);
    }

    assertThat(concurrency.limit()).isEqualTo(1);
  }

  @Test
  void climbsBackToTheMaxInLogarithmicRoundsOnceAMinutePassedWithoutA429() throws Exception {
    AdaptiveConcurrency concurrency = new AdaptiveConcurrency(1_000, clock::get);
    collapse(concurrency);
    quietFor(AdaptiveConcurrency.QUIET);

    int rounds = 0;
    while (concurrency.limit() < 1_000 && rounds < 100) {
      roundOfSuccesses(concurrency);
      rounds++;
    }

    // Doubling per round: 1, 2, 4 … 512, then the max. One more per round would take 999.
    assertThat(concurrency.limit()).isEqualTo(1_000);
    assertThat(rounds).isEqualTo(10);
  }

  @Test
  void growsByOnePerRoundWhileTheLast429IsUnderAMinuteOld() throws Exception {
    AdaptiveConcurrency concurrency = new AdaptiveConcurrency(100, clock::get);
    collapse(concurrency);
    quietFor(AdaptiveConcurrency.QUIET.minusSeconds(1));

    for (int round = 0; round < 4; round++) {
      roundOfSuccesses(concurrency);
    }

    assertThat(concurrency.limit()).isEqualTo(4);
  }

  @Test
  void aStormAfterTheRecoveryHalvesOnceAndGrowthIsAdditiveAgain() throws Exception {
    AdaptiveConcurrency concurrency = new AdaptiveConcurrency(1_000, clock::get);
    collapse(concurrency);
    quietFor(AdaptiveConcurrency.QUIET);
    for (int round = 0; round < 5; round++) {
      roundOfSuccesses(concurrency);
    }
    assertThat(concurrency.limit()).isEqualTo(32);

    long[] epochs = new long[32];
    for (int i = 0; i < epochs.length; i++) {
      epochs[i] = concurrency.acquire(now());
    }
    for (long epoch : epochs) {
      concurrency.rateLimited(epoch);
    }
    // Thirty-two 429s of one round: one decrease.
    assertThat(concurrency.limit()).isEqualTo(16);

    // Right after it, a round adds just under one; a quiet minute later, one per success.
    roundOfSuccesses(concurrency);
    assertThat(concurrency.limit()).isEqualTo(16);
    quietFor(AdaptiveConcurrency.QUIET);
    roundOfSuccesses(concurrency);
    assertThat(concurrency.limit()).isEqualTo(32);
  }

  @Test
  void aLate429OfAnOldRoundStartsTheQuietMinuteOver() throws Exception {
    AdaptiveConcurrency concurrency = new AdaptiveConcurrency(100, clock::get);
    long[] epochs = new long[8];
    for (int i = 0; i < epochs.length; i++) {
      epochs[i] = concurrency.acquire(soon());
    }
    concurrency.rateLimited(epochs[0]);
    quietFor(Duration.ofSeconds(50));
    // The provider still refuses: no decrease for a round already counted, but not quiet either.
    concurrency.rateLimited(epochs[1]);
    for (int i = 2; i < epochs.length; i++) {
      concurrency.ended();
    }
    assertThat(concurrency.limit()).isEqualTo(4);

    // A minute after the decrease but not after the late 429: still under one more a round.
    quietFor(Duration.ofSeconds(20));
    roundOfSuccesses(concurrency);
    assertThat(concurrency.limit()).isEqualTo(4);

    quietFor(Duration.ofSeconds(40));
    roundOfSuccesses(concurrency);
    assertThat(concurrency.limit()).isEqualTo(8);
  }

  @Test
  void aSuccessThatAddsASlotWakesAWaiterForItAsWellAsForItsOwn() throws Exception {
    AdaptiveConcurrency concurrency = new AdaptiveConcurrency(100, clock::get);
    long epoch = 0;
    for (int i = 0; i < 4; i++) {
      epoch = concurrency.acquire(soon());
    }
    concurrency.rateLimited(epoch);
    concurrency.ended();
    assertThat(concurrency.limit()).isEqualTo(2);
    quietFor(AdaptiveConcurrency.QUIET);
    CompletableFuture<Long> first = new CompletableFuture<>();
    CompletableFuture<Long> second = new CompletableFuture<>();
    Thread one = waiter(concurrency, first);
    Thread two = waiter(concurrency, second);
    long patience = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
    while (one.getState() != Thread.State.TIMED_WAITING
        || two.getState() != Thread.State.TIMED_WAITING) {
      assertThat(System.nanoTime()).as("both wait for a slot").isLessThan(patience);
      Thread.onSpinWait();
    }

    // Two in flight at a limit of 2; this success frees one slot and adds another.
    concurrency.succeeded();

    // A waiter left asleep would find its slot only at its deadline, long after these give up.
    assertThat(concurrency.limit()).isEqualTo(3);
    assertThat(first.get(5, TimeUnit.SECONDS)).isNotNegative();
    assertThat(second.get(5, TimeUnit.SECONDS)).isNotNegative();
  }

  private static Thread waiter(AdaptiveConcurrency concurrency, CompletableFuture<Long> epoch) {
    Thread thread =
        new Thread(
            () -> {
              try {
                epoch.complete(concurrency.acquire(now() + Duration.ofSeconds(60).toNanos()));
              } catch (Throwable e) {
                epoch.completeExceptionally(e);
              }
            });
    thread.setDaemon(true);
    thread.start();
    return thread;
  }
}
