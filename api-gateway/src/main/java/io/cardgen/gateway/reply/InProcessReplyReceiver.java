package io.cardgen.gateway.reply;

import io.cardgen.common.reply.InProcessReplies;
import java.util.UUID;
import java.util.function.Predicate;
import org.springframework.beans.factory.DisposableBean;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.stereotype.Component;

/**
 * Takes finished jobs' wake-ups from a worker in the same JVM, when there is one (the standalone
 * registers the worker's {@link InProcessReplies} here): the worker then skips the reply's trip
 * through Kafka for requests that wait on this gateway (ADR 0034). {@code
 * cardgen.reply.in-process=false} sends every reply through Kafka, as deployed apart.
 */
@Component
class InProcessReplyReceiver implements DisposableBean {

  private final InProcessReplies replies;
  private final Predicate<UUID> wake;

  InProcessReplyReceiver(
      ObjectProvider<InProcessReplies> replies,
      ReplyWaiter waiter,
      @Value("${cardgen.reply.in-process:true}") boolean enabled) {
    this.replies = enabled ? replies.getIfAvailable() : null;
    this.wake = waiter::wake;
    if (this.replies != null) {
      this.replies.attach(wake);
    }
  }

  @Override
  public void destroy() {
    if (replies != null) {
      replies.detach(wake);
    }
  }
}
