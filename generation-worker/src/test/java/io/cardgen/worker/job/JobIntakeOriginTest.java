package io.cardgen.worker.job;

import static org.assertj.core.api.Assertions.assertThat;

import io.cardgen.common.wire.JobOrigin;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.common.header.internals.RecordHeaders;
import org.apache.kafka.common.record.TimestampType;
import org.junit.jupiter.api.Test;

/** A record's origin orders its job (ADR 0027) only when it is near the record's own time. */
class JobIntakeOriginTest {

  private static final long WRITTEN_MILLIS = 1_800_000_000_000L;
  private static final long WRITTEN = TimeUnit.MILLISECONDS.toMicros(WRITTEN_MILLIS);

  @Test
  void anOriginShortlyBeforeTheWriteCounts() {
    assertThat(JobIntake.originOf(record(WRITTEN - 3_000_000L))).isEqualTo(WRITTEN - 3_000_000L);
  }

  @Test
  void aRecordWithoutAnOriginQueuesByItsOwnTime() {
    assertThat(JobIntake.originOf(record(null))).isEqualTo(WRITTEN);
  }

  @Test
  void anOriginFarFromTheWriteIsNotBelieved() {
    assertThat(JobIntake.originOf(record(Long.MIN_VALUE))).isEqualTo(WRITTEN);
    assertThat(JobIntake.originOf(record(WRITTEN - TimeUnit.HOURS.toMicros(1)))).isEqualTo(WRITTEN);
    assertThat(JobIntake.originOf(record(WRITTEN + TimeUnit.HOURS.toMicros(1)))).isEqualTo(WRITTEN);
  }

  private static ConsumerRecord<String, String> record(Long origin) {
    RecordHeaders headers = new RecordHeaders();
    if (origin != null) {
      headers.add(JobOrigin.HEADER, JobOrigin.encode(origin));
    }
    return new ConsumerRecord<>(
        "cardgen.jobs",
        0,
        0L,
        WRITTEN_MILLIS,
        TimestampType.CREATE_TIME,
        0,
        0,
        "key",
        "{}",
        headers,
        java.util.Optional.empty());
  }
}
