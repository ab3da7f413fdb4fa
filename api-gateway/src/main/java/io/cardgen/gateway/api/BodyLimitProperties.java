package io.cardgen.gateway.api;

import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.util.unit.DataSize;

/**
 * @param maxBodySize a larger request body answers 413 without being read into memory
 * @param intakeMemory what the card requests' bodies may take at once while they are read and their
 *     photos stored ({@link IntakeMemory}); {@code null}: a quarter of the maximum heap
 * @param intakeWait how long a request waits for that room before it answers 503 with Retry-After
 */
@ConfigurationProperties("cardgen.api")
public record BodyLimitProperties(
    @DefaultValue("32MB") DataSize maxBodySize,
    DataSize intakeMemory,
    @DefaultValue("30s") Duration intakeWait) {

  private static final int HEAP_SHARE = 4;

  long intakeMemoryOr(long maxHeap) {
    return intakeMemory != null ? intakeMemory.toBytes() : maxHeap / HEAP_SHARE;
  }
}
