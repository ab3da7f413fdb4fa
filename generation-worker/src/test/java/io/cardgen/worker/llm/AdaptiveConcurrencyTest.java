package io.cardgen.worker.llm;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import org.junit.jupiter.api.Test;

class AdaptiveConcurrencyTest {

  private static long soon() {
    return System.nanoTime() + Duration.ofSeconds(5).toNanos();
  }

  private static long now() {
    return System.nanoTime();
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
}
