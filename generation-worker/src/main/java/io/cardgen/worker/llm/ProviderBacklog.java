package io.cardgen.worker.llm;

/**
 * Whether provider calls queue in front of the provider's limits in this worker: work that can wait
 * (batch items) is not taken on while they do, since it would only queue behind them until its time
 * budget ran out.
 */
public interface ProviderBacklog {

  /** Calls waiting to be let through to the provider now. */
  int waiting();

  /**
   * Whether calls may have to wait at all: a shared budget is configured, or 429s have shrunk the
   * concurrency below its maximum. Without either, nothing queues at the gate.
   */
  boolean limited();
}
