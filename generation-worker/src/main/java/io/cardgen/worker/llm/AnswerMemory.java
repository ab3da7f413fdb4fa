package io.cardgen.worker.llm;

import java.io.IOException;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The memory the provider's answers may hold while they are read, beyond a small allowance each.
 * One answer is bounded ({@link ProviderHttpClient#MAX_ANSWER_BYTES}), but a worker reads up to a
 * thousand at once: a provider or proxy that misbehaves for all of them (an error page streamed
 * back, a model looping until its token limit) would fill the heap, and a worker that dies of it is
 * handed the same jobs again when it restarts. A card's answer is a few KB, so an answer reads its
 * first {@link #ALLOWANCE} bytes freely, and only longer ones take from this shared budget. An
 * answer that finds it spent fails at once as a transient failure, retried like a lost connection,
 * rather than waiting: answers that wait while holding what they read could all wait for each
 * other.
 */
final class AnswerMemory {

  /** What every answer may hold without asking: far above a card's answer. */
  static final long ALLOWANCE = 64 * 1024;

  /** A share of the heap, next to the photos' quarter (MemoryBudgetProperties). */
  private static final int HEAP_SHARE = 16;

  /** The budget was spent: not the answer's fault, so the call is worth trying again. */
  static final class Spent extends IOException {
    Spent(long capacity) {
      super("the worker's memory for long provider answers (" + capacity + " bytes) is in use");
    }
  }

  private final long capacity;
  private final AtomicLong used = new AtomicLong();

  AnswerMemory(long capacity) {
    this.capacity = capacity;
  }

  /** A sixteenth of the maximum heap, at least one whole answer. */
  static AnswerMemory ofHeap() {
    return new AnswerMemory(
        Math.max(
            ProviderHttpClient.MAX_ANSWER_BYTES, Runtime.getRuntime().maxMemory() / HEAP_SHARE));
  }

  /** Takes {@code bytes}, or throws without taking any when they would exceed the budget. */
  void take(long bytes) throws Spent {
    long before;
    do {
      before = used.get();
      if (before + bytes > capacity) {
        throw new Spent(capacity);
      }
    } while (!used.compareAndSet(before, before + bytes));
  }

  void give(long bytes) {
    used.addAndGet(-bytes);
  }

  long used() {
    return used.get();
  }

  long capacity() {
    return capacity;
  }
}
