package io.cardgen.worker.photo;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class DecodeBudgetTest {

  private static final long KB = 1024;

  private final DecodeBudget budget = new DecodeBudget(10 * KB);
  private final ExecutorService threads = Executors.newCachedThreadPool();

  @AfterEach
  void stop() {
    threads.shutdownNow();
  }

  @Test
  void aDecodeWaitsUntilEnoughIsGivenBack() throws Exception {
    DecodeBudget.Share first = budget.take(8 * KB);
    Future<DecodeBudget.Share> second = threads.submit(() -> budget.take(4 * KB));
    await().atMost(Duration.ofSeconds(10)).until(() -> budget.waiting() == 1);
    assertThat(second).isNotDone();

    first.close();

    second.get().close();
    assertThat(budget.free()).isEqualTo(10 * KB);
  }

  @Test
  void aDecodeLargerThanTheBudgetRunsAloneWithAllOfIt() throws Exception {
    DecodeBudget.Share small = budget.take(KB);
    Future<DecodeBudget.Share> huge = threads.submit(() -> budget.take(1_000 * KB));
    await().atMost(Duration.ofSeconds(10)).until(() -> budget.waiting() == 1);

    small.close();

    DecodeBudget.Share alone = huge.get();
    assertThat(budget.free()).isZero();
    alone.close();
    assertThat(budget.free()).isEqualTo(10 * KB);
  }

  @Test
  void smallDecodesDoNotOvertakeALargeOneWaitingBeforeThem() throws Exception {
    DecodeBudget.Share held = budget.take(6 * KB);
    Future<DecodeBudget.Share> large = threads.submit(() -> budget.take(8 * KB));
    await().atMost(Duration.ofSeconds(10)).until(() -> budget.waiting() == 1);

    // 4 KB are free, but the large one asked first.
    CompletableFuture<DecodeBudget.Share> small = new CompletableFuture<>();
    threads.submit(
        () -> {
          try {
            small.complete(budget.take(KB));
          } catch (InterruptedException e) {
            small.completeExceptionally(e);
          }
        });
    await().atMost(Duration.ofSeconds(10)).until(() -> budget.waiting() == 2);
    assertThat(small).isNotDone();

    held.close();
    large.get().close();
    small.get().close();
    assertThat(budget.free()).isEqualTo(10 * KB);
  }

  @Test
  void tryingTakesWhatIsFreeButNeverOvertakesADecodeWaitingBeforeIt() throws Exception {
    DecodeBudget.Share tried = budget.tryTake(6 * KB);
    assertThat(tried).isNotNull();
    assertThat(budget.tryTake(5 * KB)).as("only 4 KB free").isNull();
    Future<DecodeBudget.Share> large = threads.submit(() -> budget.take(8 * KB));
    await().atMost(Duration.ofSeconds(10)).until(() -> budget.waiting() == 1);

    assertThat(budget.tryTake(KB)).as("free, but the large one asked first").isNull();

    tried.close();
    large.get().close();
    assertThat(budget.free()).isEqualTo(10 * KB);
  }

  @Test
  void aPhotoThatNeedsNothingNeverWaits() throws Exception {
    DecodeBudget.Share all = budget.take(10 * KB);

    budget.take(0).close();

    all.close();
  }
}
