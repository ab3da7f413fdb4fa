package io.cardgen.gateway.batch;

import static org.assertj.core.api.Assertions.assertThat;

import io.cardgen.common.batch.BatchObject;
import java.time.Instant;
import java.util.UUID;
import org.junit.jupiter.api.Test;

class ListCursorTest {

  private static final UUID BATCH = UUID.fromString("0b0e2a52-6a3b-4c39-9d3f-2f6f6b1d0c11");

  @Test
  void carriesTheBatchAndItsCreationToTheMicrosecond() {
    BatchObject batch =
        new BatchObject(
            BatchObject.publicId(BATCH),
            "completed",
            "2026-11-29T04:05:06.123456Z",
            null,
            null,
            null,
            null);

    String cursor = ListCursor.after(batch);

    assertThat(cursor).isEqualTo("bat_" + BATCH + ".1795925106123456");
    assertThat(ListCursor.parse(cursor))
        .isEqualTo(new ListCursor(BATCH, Instant.parse("2026-11-29T04:05:06.123456Z")));
  }

  @Test
  void readsABareBatchIdAsTheCursorOfEarlierVersions() {
    assertThat(ListCursor.parse("bat_" + BATCH)).isEqualTo(new ListCursor(BATCH, null));
  }

  @Test
  void refusesWhatIsNoCursor() {
    for (String text :
        new String[] {
          "",
          "bat_",
          "bat_" + BATCH + ".",
          "bat_" + BATCH + ".-1",
          "bat_" + BATCH + ".1.2",
          "bat_" + BATCH + ".99999999999999999999",
          "job_" + BATCH,
          "bat_not-a-uuid.1"
        }) {
      assertThat(ListCursor.parse(text)).as(text).isNull();
    }
  }
}
