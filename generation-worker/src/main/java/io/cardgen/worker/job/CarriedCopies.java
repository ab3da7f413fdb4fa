package io.cardgen.worker.job;

import java.util.HashMap;
import java.util.Map;

/**
 * Copies of a job's stored photos that came with its Kafka message (ADR 0024), by object key. Each
 * is handed out once: the job keeps its claim until it ends, and the copies must not stay reachable
 * through it for the length of the model call, when only the model's copies are counted in the
 * {@link PhotoMemoryBudget}. Used by the job's own thread only.
 */
final class CarriedCopies {

  private final Map<String, byte[]> byKey;

  private CarriedCopies(Map<String, byte[]> byKey) {
    this.byKey = byKey;
  }

  static CarriedCopies of(Map<String, byte[]> photos) {
    return new CarriedCopies(new HashMap<>(photos));
  }

  static CarriedCopies none() {
    return new CarriedCopies(new HashMap<>());
  }

  /** The copy of the object at {@code key}, or null when none came or it was taken already. */
  byte[] take(String key) {
    return byKey.remove(key);
  }

  /** Lets go of the copies no photo of the job asked for. */
  void clear() {
    byKey.clear();
  }

  int size() {
    return byKey.size();
  }
}
