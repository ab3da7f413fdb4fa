package io.cardgen.common.reply;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Set;
import java.util.UUID;
import java.util.function.Predicate;
import org.junit.jupiter.api.Test;

/** A wake-up is taken in-process only by an attached gateway that waits for the job. */
class InProcessRepliesTest {

  private final InProcessReplies replies = new InProcessReplies();
  private final UUID waited = UUID.randomUUID();
  private final Predicate<UUID> gateway = Set.of(waited)::contains;

  @Test
  void withoutAGatewayEveryWakeUpGoesToKafka() {
    assertThat(replies.deliver(waited)).isFalse();
    assertThat(replies.delivered()).isZero();
  }

  @Test
  void anAttachedGatewayTakesOnlyTheJobsItWaitsFor() {
    replies.attach(gateway);

    assertThat(replies.deliver(waited)).isTrue();
    assertThat(replies.deliver(UUID.randomUUID())).as("a job another replica waits for").isFalse();
    assertThat(replies.delivered()).isEqualTo(1);
  }

  @Test
  void aClosingGatewayDetachesOnlyItself() {
    Predicate<UUID> successor = id -> true;
    replies.attach(gateway);
    replies.attach(successor);

    replies.detach(gateway);
    assertThat(replies.deliver(UUID.randomUUID())).isTrue();

    replies.detach(successor);
    assertThat(replies.deliver(waited)).isFalse();
  }
}
