package io.cardgen.gateway.photo;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.scheduling.annotation.Scheduled;
import org.springframework.stereotype.Component;

/**
 * Deletes the queued photos of removed jobs from the bucket ({@link JobPhotoRemoval}), every
 * replica a share: due keys are taken with {@code SKIP LOCKED} and put off as they are taken. One
 * run deletes at most {@value #MAX_PER_RUN} keys, so a store that answers slowly does not keep a
 * scheduler thread for long; the next run goes on.
 */
@Component
class PhotoRemovalSchedule {

  private static final Logger log = LoggerFactory.getLogger(PhotoRemovalSchedule.class);
  static final int STEP = 100;
  static final int MAX_PER_RUN = 5_000;

  private final JobPhotoRemoval removal;

  PhotoRemovalSchedule(JobPhotoRemoval removal) {
    this.removal = removal;
  }

  @Scheduled(
      fixedDelayString = "${cardgen.photos.removal-interval:1m}",
      initialDelayString = "${cardgen.photos.removal-interval:1m}")
  void scheduled() {
    try {
      for (int taken = 0; taken < MAX_PER_RUN; ) {
        int due = removal.removeDue(STEP);
        taken += due;
        if (due < STEP) {
          break;
        }
      }
    } catch (RuntimeException failure) {
      log.warn(
          "Removing photos of removed jobs failed, the next run retries: {}", failure.toString());
    }
  }
}
