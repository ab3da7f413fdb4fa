package io.cardgen.gateway.photo;

import static org.assertj.core.api.Assertions.assertThat;

import io.cardgen.common.error.Messages;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;

class PhotoIntakeTest {

  // Links only: the store is never reached.
  private final PhotoIntake intake = PhotoIntakes.storingIn(null);

  @Test
  void refusesALinkByItsTextInASynchronousRequestAndLeavesItToTheWorkerInABatch() {
    for (String link :
        List.of(
            "http://2130706433/p.jpg",
            "http://[fe80::1%25eth0]/p.jpg",
            "http://example.com:99999/p.jpg",
            "http://user:secret@example.com/p.jpg")) {
      assertThat(intake.prepare(List.of(link), UUID.randomUUID()))
          .as(link)
          .isEqualTo(new PhotoIntake.Intake.Rejected(Messages.format("invalid.photo", 1)));

      PhotoIntake.Intake later = intake.prepareForLater(List.of(link));
      assertThat(later).as(link).isInstanceOf(PhotoIntake.Intake.Accepted.class);
      assertThat(((PhotoIntake.Intake.Accepted) later).photos())
          .extracting(PhotoIntake.IncomingPhoto::link)
          .containsExactly(link);
    }
  }

  @Test
  void refusesWhatIsNoLinkEvenInABatch() {
    for (String value :
        List.of(
            "ftp://example.com/p.jpg",
            "http:///p.jpg",
            "https://a b/p.jpg",
            "https://example.com/\ud800.png")) {
      assertThat(intake.prepareForLater(List.of(value)))
          .as(value)
          .isInstanceOf(PhotoIntake.Intake.Rejected.class);
    }
  }
}
