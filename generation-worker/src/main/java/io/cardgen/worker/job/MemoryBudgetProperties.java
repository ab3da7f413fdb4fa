package io.cardgen.worker.job;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.util.unit.DataSize;

/**
 * How many photo bytes a worker may hold at once (see {@link PhotoMemoryBudget}).
 *
 * @param photoBytes the budget; unset means a quarter of the maximum heap, so it follows the
 *     container's memory through {@code -XX:MaxRAMPercentage}
 * @param perPhoto what an admitted photo counts until it is loaded: the largest photo accepted
 */
@ConfigurationProperties("cardgen.worker.memory")
public record MemoryBudgetProperties(DataSize photoBytes, @DefaultValue("10MB") DataSize perPhoto) {

  private static final int HEAP_SHARE = 4;

  long photoBytesOr(long maxHeap) {
    return photoBytes != null ? photoBytes.toBytes() : maxHeap / HEAP_SHARE;
  }

  long perPhotoBytes() {
    return perPhoto.toBytes();
  }
}
