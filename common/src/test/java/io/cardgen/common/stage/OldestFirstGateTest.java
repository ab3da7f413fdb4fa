package io.cardgen.common.stage;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class OldestFirstGateTest {

  private static final Duration PATIENT = Duration.ofMinutes(1);
  private static final Duration TEST_LIMIT = Duration.ofSeconds(30);

  @Test
  void waitingSectionsRunOldestFirstWhateverOrderTheyArrivedIn() {
    assertTimeoutPreemptively(
        TEST_LIMIT,
        () -> {
          OldestFirstGate gate = new OldestFirstGate(1, PATIENT);
          Holder holder = holdThePermit(gate);
          List<Long> ran = new ArrayList<>();
          List<Thread> waiters = new ArrayList<>();
          long[] origins = {30, 10, 40, 20};
          for (int i = 0; i < origins.length; i++) {
            long origin = origins[i];
            waiters.add(start(() -> gate.run(origin, () -> record(ran, origin))));
            awaitWaiting(gate, i + 1);
          }
          holder.end();
          waiters.forEach(OldestFirstGateTest::join);
          assertThat(ran).containsExactly(10L, 20L, 30L, 40L);
        });
  }

  @Test
  void noMoreSectionsRunAtOnceThanThereArePermits() {
    assertTimeoutPreemptively(
        TEST_LIMIT,
        () -> {
          OldestFirstGate gate = new OldestFirstGate(2, PATIENT);
          CountDownLatch release = new CountDownLatch(1);
          AtomicInteger running = new AtomicInteger();
          AtomicInteger most = new AtomicInteger();
          List<Thread> sections = new ArrayList<>();
          for (int i = 0; i < 6; i++) {
            long origin = i;
            sections.add(
                start(
                    () ->
                        gate.run(
                            origin,
                            () -> {
                              most.accumulateAndGet(running.incrementAndGet(), Math::max);
                              await(release);
                              return running.decrementAndGet();
                            })));
          }
          awaitWaiting(gate, 4);
          assertThat(running.get()).isEqualTo(2);
          release.countDown();
          sections.forEach(OldestFirstGateTest::join);
          assertThat(most.get()).isEqualTo(2);
          assertThat(gate.bypassed()).isZero();
        });
  }

  @Test
  void aSectionRunsWithoutAPermitOnceItHasWaitedMaxWait() {
    assertTimeoutPreemptively(
        TEST_LIMIT,
        () -> {
          OldestFirstGate gate = new OldestFirstGate(1, Duration.ofMillis(50));
          Holder holder = holdThePermit(gate);
          long started = System.nanoTime();
          assertThat(gate.run(1, () -> "ran")).isEqualTo("ran");
          assertThat(System.nanoTime() - started)
              .isGreaterThanOrEqualTo(TimeUnit.MILLISECONDS.toNanos(50));
          assertThat(gate.bypassed()).isEqualTo(1);
          assertThat(gate.waiting()).isZero();
          holder.end();
          // The bypass took no permit, so it returned none: the gate holds one permit still.
          assertOnePermit(gate);
        });
  }

  @Test
  void aFailingSectionGivesItsPermitBack() {
    OldestFirstGate gate = new OldestFirstGate(1, PATIENT);
    assertThatThrownBy(
            () ->
                gate.run(
                    1,
                    () -> {
                      throw new IllegalStateException("broken");
                    }))
        .hasMessage("broken");
    assertTimeoutPreemptively(TEST_LIMIT, () -> assertOnePermit(gate));
  }

  @Test
  void aNestedSectionRunsAtOnceInsteadOfWaitingForItsOwnPermit() {
    OldestFirstGate gate = new OldestFirstGate(1, PATIENT);
    String nested =
        assertTimeoutPreemptively(TEST_LIMIT, () -> gate.run(1, () -> gate.run(1, () -> "inner")));
    assertThat(nested).isEqualTo("inner");
    assertThat(gate.bypassed()).isZero();
  }

  @Test
  void aSectionWaitingOnTheNetworkLetsOthersIn() {
    assertTimeoutPreemptively(
        TEST_LIMIT,
        () -> {
          OldestFirstGate gate = new OldestFirstGate(1, PATIENT);
          CountDownLatch othersRan = new CountDownLatch(1);
          CountDownLatch outsideEntered = new CountDownLatch(1);
          List<String> ran = new ArrayList<>();
          Thread fetching =
              start(
                  () ->
                      gate.run(
                          1,
                          () -> {
                            gate.outside(
                                () -> {
                                  outsideEntered.countDown();
                                  return await(othersRan);
                                });
                            return record(ran, "after the fetch");
                          }));
          await(outsideEntered);
          // Would wait for the fetch's permit if outside() kept it; the test limit would fail it.
          gate.run(2, () -> record(ran, "other"));
          othersRan.countDown();
          join(fetching);
          assertThat(ran).containsExactly("other", "after the fetch");
          assertOnePermit(gate);
        });
  }

  @Test
  void withoutPermitsEverySectionRunsAtOnce() {
    OldestFirstGate gate = new OldestFirstGate(0, PATIENT);
    CountDownLatch bothIn = new CountDownLatch(2);
    assertTimeoutPreemptively(
        TEST_LIMIT,
        () -> {
          Thread first = start(() -> gate.run(1, () -> awaitCountedDown(bothIn)));
          Thread second = start(() -> gate.run(2, () -> awaitCountedDown(bothIn)));
          join(first);
          join(second);
        });
    assertThat(gate.waiting()).isZero();
  }

  @Test
  void anInterruptedWaiterRunsWithoutAPermitAndKeepsItsInterrupt() {
    assertTimeoutPreemptively(
        TEST_LIMIT,
        () -> {
          OldestFirstGate gate = new OldestFirstGate(1, PATIENT);
          Holder holder = holdThePermit(gate);
          List<Boolean> interruptedInside = new ArrayList<>();
          Thread waiter =
              start(
                  () ->
                      gate.run(
                          1,
                          () -> record(interruptedInside, Thread.currentThread().isInterrupted())));
          awaitWaiting(gate, 1);
          waiter.interrupt();
          join(waiter);
          assertThat(interruptedInside).containsExactly(true);
          assertThat(gate.waiting()).isZero();
          holder.end();
          assertOnePermit(gate);
        });
  }

  /** One section holds the only permit, so a second one waits until the first ends. */
  private static void assertOnePermit(OldestFirstGate gate) throws InterruptedException {
    Holder holder = holdThePermit(gate);
    Thread second = start(() -> gate.run(1, () -> true));
    awaitWaiting(gate, 1);
    holder.end();
    join(second);
    assertThat(gate.waiting()).isZero();
  }

  /** A section, of origin 0, that holds a one-permit gate's permit until it is ended. */
  private record Holder(Thread thread, CountDownLatch release) {
    void end() {
      release.countDown();
      join(thread);
    }
  }

  private static Holder holdThePermit(OldestFirstGate gate) {
    CountDownLatch release = new CountDownLatch(1);
    Thread thread = start(() -> gate.run(0, () -> await(release)));
    while (gate.inUse() < 1) {
      Thread.yield();
    }
    return new Holder(thread, release);
  }

  private static void awaitWaiting(OldestFirstGate gate, int count) {
    while (gate.waiting() < count) {
      Thread.yield();
    }
  }

  private static <T> T record(List<T> list, T value) {
    synchronized (list) {
      list.add(value);
    }
    return value;
  }

  private static boolean await(CountDownLatch latch) {
    try {
      return latch.await(1, TimeUnit.MINUTES);
    } catch (InterruptedException interrupted) {
      Thread.currentThread().interrupt();
      return false;
    }
  }

  private static boolean awaitCountedDown(CountDownLatch latch) {
    latch.countDown();
    return await(latch);
  }

  private static Thread start(Runnable body) {
    Thread thread = new Thread(body);
    thread.start();
    return thread;
  }

  private static void join(Thread thread) {
    try {
      thread.join();
    } catch (InterruptedException interrupted) {
      throw new IllegalStateException(interrupted);
    }
  }
}
