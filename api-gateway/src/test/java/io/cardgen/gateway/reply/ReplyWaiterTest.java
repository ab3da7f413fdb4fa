package io.cardgen.gateway.reply;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/** Thousands of waits on one sweep, with monotonic time the test moves. */
class ReplyWaiterTest {

  private final AtomicLong nanos = new AtomicLong();
  private final ReplyWaiter waiter = new ReplyWaiter(nanos::get);

  @Test
  void aReplyWakesItsRequestAndLeavesNothingBehind() {
    UUID job = UUID.randomUUID();
    CompletableFuture<ReplyWaiter.Wake> reply = waiter.register(job, Duration.ofSeconds(150));

    assertThat(waiter.wake(job)).isTrue();

    assertThat(reply).isCompletedWithValue(ReplyWaiter.Wake.ANNOUNCED);
    assertThat(waiter.waitingCount()).isZero();
    assertThat(waiter.wake(job)).as("nobody waits any more").isFalse();
  }

  @Test
  void theSweepWakesOnlyRequestsWhoseWaitIsOver() {
    CompletableFuture<ReplyWaiter.Wake> shortWait =
        waiter.register(UUID.randomUUID(), Duration.ofSeconds(1));
    CompletableFuture<ReplyWaiter.Wake> longWait =
        waiter.register(UUID.randomUUID(), Duration.ofSeconds(5));

    nanos.addAndGet(Duration.ofMillis(999).toNanos());
    waiter.expire();
    assertThat(shortWait).isNotDone();

    nanos.addAndGet(Duration.ofMillis(1).toNanos());
    waiter.expire();
    assertThat(shortWait).isCompletedWithValue(ReplyWaiter.Wake.TIMED_OUT);
    assertThat(longWait).isNotDone();
    assertThat(waiter.waitingCount()).isEqualTo(1);
  }

  @Test
  void holdsTenThousandWaitsWithoutAThreadOrTimerEach() {
    int threadsBefore = Thread.activeCount();
    CompletableFuture<?>[] replies = new CompletableFuture<?>[10_000];
    for (int i = 0; i < replies.length; i++) {
      replies[i] = waiter.register(UUID.randomUUID(), Duration.ofSeconds(150));
    }
    assertThat(Thread.activeCount()).isLessThanOrEqualTo(threadsBefore + 1);

    nanos.addAndGet(Duration.ofSeconds(150).toNanos());
    waiter.expire();

    assertThat(CompletableFuture.allOf(replies)).isDone();
    assertThat(waiter.waitingCount()).isZero();
  }
}
