package io.cardgen.gateway.api;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.time.Duration;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class IntakeMemoryTest {

  private static final long KB = 1024;

  private final SimpleMeterRegistry meters = new SimpleMeterRegistry();

  private IntakeMemory memory(long budgetKb, long bodyLimitKb, Duration wait) {
    return new IntakeMemory(budgetKb * KB, bodyLimitKb * KB, wait, meters);
  }

  @Test
  void holdsFiveTimesTheDeclaredBodyUntilTheLeaseIsClosed() {
    IntakeMemory memory = memory(100, 32, Duration.ZERO);

    try (IntakeMemory.Lease lease = memory.admit(4 * KB).orElseThrow()) {
      assertThat(memory.availableKilobytes()).isEqualTo(80);
      assertThat(meters.get("cardgen.intake.memory.free").gauge().value()).isEqualTo(80.0 * KB);
    }

    assertThat(memory.availableKilobytes()).isEqualTo(100);
  }

  @Test
  void oneAccountsBodiesQueueForItsShareWhileTheOthersStillGetIn() {
    IntakeMemory memory = memory(100, 32, Duration.ofMillis(50));
    UUID greedy = UUID.randomUUID();
    IntakeMemory.Lease large = memory.admit(16 * KB, greedy).orElseThrow();
    // 80 KB of the budget held, and all 50 of its share.
    assertThat(memory.availableKilobytes()).isEqualTo(20);

    assertThat(memory.admit(1 * KB, greedy))
        .as("its share is taken: it waits for itself")
        .isEmpty();
    assertThat(memory.admit(2 * KB, UUID.randomUUID())).as("another account").isPresent();

    large.close();
    assertThat(memory.admit(8 * KB, greedy)).isPresent();
  }

  @Test
  void refusesWhenNoRoomFreesUpWithinTheWaitAndCountsTheRefusal() {
    IntakeMemory memory = memory(10, 32, Duration.ofMillis(50));
    Optional<IntakeMemory.Lease> first = memory.admit(2 * KB);

    Optional<IntakeMemory.Lease> second = memory.admit(1);

    assertThat(first).isPresent();
    assertThat(second).isEmpty();
    assertThat(meters.get("cardgen.intake.refused").counter().count()).isEqualTo(1.0);
  }

  @Test
  void admitsAWaitingRequestOnceRoomIsGivenBack() throws Exception {
    IntakeMemory memory = memory(10, 32, Duration.ofSeconds(30));
    IntakeMemory.Lease first = memory.admit(2 * KB).orElseThrow();
    CompletableFuture<Optional<IntakeMemory.Lease>> second =
        CompletableFuture.supplyAsync(() -> memory.admit(2 * KB));
    await().until(() -> memory.hasWaiting());
    assertThat(second).isNotDone();

    first.close();

    assertThat(second.get(10, TimeUnit.SECONDS)).isPresent();
    assertThat(memory.availableKilobytes()).isZero();
  }

  @Test
  void aDeclaredBodyOverTheLimitNeedsNoRoomSinceItIsNeverRead() {
    IntakeMemory memory = memory(10, 32, Duration.ZERO);
    memory.admit(2 * KB).orElseThrow();

    assertThat(memory.admit(33 * KB)).isPresent();
    assertThat(memory.availableKilobytes()).isZero();
  }

  @Test
  void aChunkedBodyIsAdmittedAtAGuessThenSettledToItsSizeOnceRead() {
    IntakeMemory memory = memory(1000, 32 * KB, Duration.ZERO);

    IntakeMemory.Lease small = memory.admit(-1).orElseThrow();
    assertThat(memory.availableKilobytes()).isEqualTo(1000 - 5 * 64);
    assertThat(small.settle(2 * KB)).isTrue();
    assertThat(memory.availableKilobytes()).isEqualTo(1000 - 10);

    IntakeMemory.Lease large = memory.admit(-1).orElseThrow();
    assertThat(large.settle(100 * KB)).isTrue();
    assertThat(memory.availableKilobytes()).isEqualTo(1000 - 10 - 500);

    small.close();
    large.close();
    assertThat(memory.availableKilobytes()).isEqualTo(1000);
  }

  @Test
  void aChunkedBodyLargerThanTheRoomLeftIsNotParsedAndKeepsOnlyWhatItHeld() {
    IntakeMemory memory = memory(400, 32 * KB, Duration.ofMillis(50));
    IntakeMemory.Lease other = memory.admit(10 * KB).orElseThrow();
    IntakeMemory.Lease chunked = memory.admit(-1).orElseThrow();

    assertThat(chunked.settle(100 * KB)).isFalse();
    assertThat(memory.availableKilobytes()).isEqualTo(400 - 50 - 320);
    assertThat(meters.get("cardgen.intake.refused").counter().count()).isEqualTo(1.0);

    chunked.close();
    other.close();
    assertThat(memory.availableKilobytes()).isEqualTo(400);
  }

  @Test
  void aBodyLargerThanTheWholeBudgetIsAdmittedAloneSoItCanStillRun() {
    IntakeMemory memory = memory(10, 32 * KB, Duration.ZERO);

    Optional<IntakeMemory.Lease> large = memory.admit(20 * KB);

    assertThat(large).isPresent();
    assertThat(memory.availableKilobytes()).isZero();
    assertThat(memory.admit(1)).isEmpty();
    large.get().close();
    assertThat(memory.admit(1)).isPresent();
  }
}
