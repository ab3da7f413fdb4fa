package io.cardgen.worker.llm;

/**
 * Whether provider calls queue in front of the provider's limits in this worker: work that can wait
 * (batch items) is not taken on while they do, since it would only queue behind them until its time
 * budget ran out.
 */
public interface ProviderBacklog {

  /** A worker without provider limits: nothing ever waits. */
  ProviderBacklog NONE = () -> 0;

  /** Calls waiting to be let through to the provider now. */
  int waiting();
}
