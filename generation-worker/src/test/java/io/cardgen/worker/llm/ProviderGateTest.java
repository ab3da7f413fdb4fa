package io.cardgen.worker.llm;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.time.Instant;
import java.time.InstantSource;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

/** The gate's bookkeeping: every slot it hands out comes back exactly once, whatever fails. */
class ProviderGateTest {

  private static final InstantSource SYSTEM = InstantSource.system();

  /** A budget that always has room, whose take fails the first {@code failures} times. */
  private static final class FlakyBudget implements RateBudget {
    final AtomicInteger failures;
    final List<Instant> spentAt = new ArrayList<>();
    final List<Long> spent = new ArrayList<>();
    final List<Long> setAside = new ArrayList<>();
    final List<Instant> takenAt = new ArrayList<>();
    final List<Instant> givenBackAt = new ArrayList<>();
    final List<Long> givenBack = new ArrayList<>();
    boolean spentFails;
    Runnable onTake = () -> {};

    FlakyBudget(int failures) {
      this.failures = new AtomicInteger(failures);
    }

    @Override
    public boolean take(Instant now, long tokens) {
      onTake.run();
      if (failures.getAndDecrement() > 0) {
        throw new IllegalStateException("database unreachable");
      }
      setAside.add(tokens);
      takenAt.add(now);
      return true;
    }

    @Override
    public Instant nextWindow(Instant now) {
      return now;
    }

    @Override
    public void spent(Instant at, long tokens) {
      if (spentFails) {
        throw new IllegalStateException("database unreachable");
      }
      spentAt.add(at);
      spent.add(tokens);
    }

    @Override
    public void giveBack(Instant takenAt, long tokens) {
      givenBackAt.add(takenAt);
      givenBack.add(tokens);
    }
  }

  private static RateLimitHeaders retryAfter(Duration pause) {
    return new RateLimitHeaders(Optional.of(pause), Optional.empty());
  }

  private static ProviderGate gate(RateBudget budget, int slots, InstantSource clock) {
    return new ProviderGate(
        budget, new TokenEstimate(2_000), new AdaptiveConcurrency(slots), clock, () -> 0.0);
  }

  private static Instant in(Duration wait) {
    return SYSTEM.instant().plus(wait);
  }

  @Test
  void aBudgetThatCannotBeReadLetsTheCallThrough() throws Exception {
    FlakyBudget budget = new FlakyBudget(1);
    ProviderGate gate = gate(budget, 1, SYSTEM);

    // Thrown out of the gate, the failure would hand the job back and spend one of its attempts.
    ProviderGate.Pass pass = gate.enter(in(Duration.ofSeconds(5))).orElseThrow();

    // Still one slot, held by that pass, and given back when it ends.
    assertThat(gate.enter(in(Duration.ofMillis(100)))).isEmpty();
    pass.ended();
    assertThat(gate.enter(in(Duration.ofMillis(200)))).isPresent();
    assertThat(budget.failures.get()).isNegative();
  }

  @Test
  void aPassEndsOnceAndTokensThatCannotBeCountedDoNotFailTheCall() throws Exception {
    FlakyBudget budget = new FlakyBudget(0);
    budget.spentFails = true;
    ProviderGate gate = gate(budget, 1, SYSTEM);

    ProviderGate.Pass first = gate.enter(in(Duration.ofSeconds(1))).orElseThrow();
    first.succeeded(120);
    first.ended();
    ProviderGate.Pass second = gate.enter(in(Duration.ofSeconds(1))).orElseThrow();

    // One slot: had the first pass given it back twice, a third pass would get one now.
    assertThat(gate.enter(in(Duration.ofMillis(100)))).isEmpty();
    second.ended();
    assertThat(gate.enter(in(Duration.ofMillis(100)))).isPresent();
  }

  @Test
  void tokensGoToTheWindowTheAnswerCameIn() throws Exception {
    AtomicReference<Instant> now = new AtomicReference<>(Instant.parse("2026-11-28T00:00:00Z"));
    FlakyBudget budget = new FlakyBudget(0);
    ProviderGate gate = gate(budget, 1, now::get);

    ProviderGate.Pass pass = gate.enter(now.get().plusSeconds(60)).orElseThrow();
    now.set(now.get().plusSeconds(17));
    pass.succeeded(500);

    assertThat(budget.spentAt).containsExactly(Instant.parse("2026-11-28T00:00:17Z"));
  }

  @Test
  void aCallSetsAsideWhatCallsUseAndCountsOnlyWhatItUsedBeyondThat() throws Exception {
    FlakyBudget budget = new FlakyBudget(0);
    ProviderGate gate = gate(budget, 1, SYSTEM);

    gate.enter(in(Duration.ofSeconds(1))).orElseThrow().succeeded(3_000);
    gate.enter(in(Duration.ofSeconds(1))).orElseThrow().succeeded(500);
    gate.enter(in(Duration.ofSeconds(1))).orElseThrow().ended();

    // Set aside before the answer: the configured figure, then the mean of the answers seen.
    assertThat(budget.setAside).containsExactly(2_000L, 2_100L, 1_940L);
    // Counted after it: only what the call used beyond what was set aside.
    assertThat(budget.spent).containsExactly(1_000L, -1_600L);
  }

  @Test
  void aCallWaitingForASlotWaitsOutAPauseThatBeganMeanwhile() throws Exception {
    ProviderGate gate = gate(new FlakyBudget(0), 1, SYSTEM);
    ProviderGate.Pass holder = gate.enter(in(Duration.ofSeconds(5))).orElseThrow();
    CompletableFuture<Long> entered =
        CompletableFuture.supplyAsync(
            () -> {
              try {
                gate.enter(in(Duration.ofSeconds(10))).orElseThrow();
                return System.nanoTime();
              } catch (InterruptedException e) {
                throw new IllegalStateException(e);
              }
            });

    long limited = System.nanoTime();
    holder.rateLimited(new RateLimitHeaders(Optional.of(Duration.ofMillis(400)), Optional.empty()));

    long waited = entered.get(10, TimeUnit.SECONDS) - limited;
    assertThat(Duration.ofNanos(waited)).isGreaterThanOrEqualTo(Duration.ofMillis(400));
  }

  @Test
  void countsTheCallsWaitingForAPass() throws Exception {
    ProviderGate gate = gate(new FlakyBudget(0), 1, SYSTEM);
    ProviderGate.Pass holder = gate.enter(in(Duration.ofSeconds(5))).orElseThrow();
    assertThat(gate.waiting()).isZero();
    CompletableFuture<Optional<ProviderGate.Pass>> second =
        CompletableFuture.supplyAsync(
            () -> {
              try {
                return gate.enter(in(Duration.ofSeconds(10)));
              } catch (InterruptedException e) {
                throw new IllegalStateException(e);
              }
            });

    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
    while (gate.waiting() == 0) {
      assertThat(System.nanoTime()).as("the second call waits").isLessThan(deadline);
      Thread.onSpinWait();
    }
    holder.ended();

    assertThat(second.get(10, TimeUnit.SECONDS)).isPresent();
    assertThat(gate.waiting()).isZero();
  }

  @Test
  void doesNotWaitPastTheLatestStart() throws Exception {
    ProviderGate gate = gate(new FlakyBudget(0), 1, SYSTEM);
    gate.enter(in(Duration.ofSeconds(5))).orElseThrow();

    long started = System.nanoTime();
    Optional<ProviderGate.Pass> late = gate.enter(in(Duration.ofMillis(150)));

    assertThat(late).isEmpty();
    assertThat(Duration.ofNanos(System.nanoTime() - started)).isLessThan(Duration.ofSeconds(3));
  }

  @Test
  void aCallAbandonedForAPauseThatOutrunsItsDeadlineGivesItsTakeBackOnce() throws Exception {
    FlakyBudget budget = new FlakyBudget(0);
    ProviderGate gate = gate(budget, 2, SYSTEM);
    ProviderGate.Pass sent = gate.enter(in(Duration.ofSeconds(5))).orElseThrow();
    // The sent call's 429 comes in while the next call takes its request from the budget.
    budget.onTake = () -> sent.rateLimited(retryAfter(Duration.ofSeconds(30)));

    assertThat(gate.enter(in(Duration.ofSeconds(1)))).isEmpty();

    // The abandoned call's take, in the window it was taken in; the sent call keeps its own.
    assertThat(budget.takenAt).hasSize(2);
    assertThat(budget.givenBackAt).containsExactly(budget.takenAt.get(1));
    assertThat(budget.givenBack).containsExactly(2_000L);
  }

  @Test
  void aCallLetThroughUnreadAndThenAbandonedHasNothingToGiveBack() throws Exception {
    FlakyBudget budget = new FlakyBudget(0);
    ProviderGate gate = gate(budget, 2, SYSTEM);
    ProviderGate.Pass sent = gate.enter(in(Duration.ofSeconds(5))).orElseThrow();
    budget.failures.set(1);
    budget.onTake = () -> sent.rateLimited(retryAfter(Duration.ofSeconds(30)));

    assertThat(gate.enter(in(Duration.ofSeconds(1)))).isEmpty();

    assertThat(budget.failures.get()).as("its one take failed").isZero();
    assertThat(budget.givenBack).isEmpty();
  }

  @Test
  void aCallInterruptedWhileItWaitsOutAPauseGivesItsTakeBack() throws Exception {
    FlakyBudget budget = new FlakyBudget(0);
    ProviderGate gate = gate(budget, 2, SYSTEM);
    ProviderGate.Pass sent = gate.enter(in(Duration.ofSeconds(5))).orElseThrow();
    budget.onTake = () -> sent.rateLimited(retryAfter(Duration.ofSeconds(30)));
    CompletableFuture<Optional<ProviderGate.Pass>> entered = new CompletableFuture<>();
    Thread call =
        new Thread(
            () -> {
              try {
                entered.complete(gate.enter(in(Duration.ofSeconds(60))));
              } catch (Throwable e) {
                entered.completeExceptionally(e);
              }
            });
    call.start();

    // Its take is made before it sleeps out the pause; a stopping worker interrupts that sleep.
    long patience = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
    while (call.getState() != Thread.State.TIMED_WAITING) {
      assertThat(System.nanoTime()).as("the call waits out the pause").isLessThan(patience);
      Thread.onSpinWait();
    }
    call.interrupt();

    assertThat(entered)
        .failsWithin(Duration.ofSeconds(5))
        .withThrowableThat()
        .havingCause()
        .isInstanceOf(InterruptedException.class);
    assertThat(budget.givenBack).containsExactly(2_000L);
  }
}
