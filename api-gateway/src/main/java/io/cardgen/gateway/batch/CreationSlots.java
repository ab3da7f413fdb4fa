package io.cardgen.gateway.batch;

import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import org.springframework.stereotype.Component;

/**
 * How many batch bodies each account uploads to this gateway at once. A batch body is read for
 * minutes (256 MiB at a seller's upload rate), holding room in the batches' share of the intake
 * memory all the while: without a bound one account's slow uploads would hold all of it, and every
 * other account's batches would wait. Per gateway replica, as the intake memory is.
 */
@Component
class CreationSlots {

  private final int max;
  private final Map<UUID, Integer> uploading = new ConcurrentHashMap<>();

  CreationSlots(BatchProperties properties) {
    this.max = properties.maxConcurrentCreations();
  }

  int max() {
    return max;
  }

  /** Takes one of the account's slots; false when all are taken. */
  boolean tryTake(UUID account) {
    boolean[] taken = {false};
    uploading.compute(
        account,
        (id, count) -> {
          int now = count == null ? 0 : count;
          if (now >= max) {
            return count;
          }
          taken[0] = true;
          return now + 1;
        });
    return taken[0];
  }

  void release(UUID account) {
    uploading.computeIfPresent(account, (id, count) -> count <= 1 ? null : count - 1);
  }
}
