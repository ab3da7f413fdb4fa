package io.cardgen.gateway.reply;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import org.springframework.stereotype.Component;

/**
 * Requests waiting for their job, without a thread each: a future per job, completed by the reply
 * listener or, at the latest, by the timeout. Either way the caller then re-reads the job row,
 * which is the only truth; the future just says "look now".
 */
@Component
public class ReplyWaiter {

  private final Map<UUID, CompletableFuture<Void>> waiting = new ConcurrentHashMap<>();

  /** Register before publishing, so a fast reply cannot arrive before anyone waits for it. */
  public CompletableFuture<Void> register(UUID jobId, Duration timeout) {
    CompletableFuture<Void> reply = new CompletableFuture<>();
    waiting.put(jobId, reply);
    return reply
        .completeOnTimeout(null, timeout.toMillis(), TimeUnit.MILLISECONDS)
        .whenComplete((ignored, failure) -> waiting.remove(jobId, reply));
  }

  void wake(UUID jobId) {
    CompletableFuture<Void> reply = waiting.get(jobId);
    if (reply != null) {
      reply.complete(null);
    }
  }

  public int waitingCount() {
    return waiting.size();
  }

  List<UUID> waitingJobs() {
    return List.copyOf(waiting.keySet());
  }
}
