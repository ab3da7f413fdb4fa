package io.cardgen.gateway.photo;

import io.cardgen.common.wire.PhotoRef;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.stereotype.Component;

/**
 * Removes the stored photos of a batch refused after its items were read, through the removal queue
 * (ADR 0057) rather than on the request thread. A batch refused at its last item of 10 000 has up
 * to 10 000 photos stored, and deleting them one by one before answering kept its client waiting
 * for minutes against a remote store. Queued in one statement, they go on the removal thread at
 * once, and a crash meanwhile loses none of them. When the queue cannot be written (the database
 * away, as it may be when the batch failed), they are deleted here as before, best effort.
 */
@Component
public class RefusedBatchPhotos {

  private static final Logger log = LoggerFactory.getLogger(RefusedBatchPhotos.class);

  private final JobPhotoRemoval queue;
  private final Runnable removeSoon;
  private final PhotoIntake photos;

  @Autowired
  RefusedBatchPhotos(JobPhotoRemoval queue, PhotoRemovalSchedule schedule, PhotoIntake photos) {
    this(queue, schedule::runSoon, photos);
  }

  /**
   * @param removeSoon asks for a run of the removal queue, without waiting for it
   */
  public RefusedBatchPhotos(JobPhotoRemoval queue, Runnable removeSoon, PhotoIntake photos) {
    this.queue = queue;
    this.removeSoon = removeSoon;
    this.photos = photos;
  }

  /** Never throws: the refusal's own answer matters more than its orphans (as in PhotoIntake). */
  public void discard(List<PhotoRef> refs) {
    List<String> keys = PhotoIntake.storedKeys(refs);
    if (keys.isEmpty()) {
      return;
    }
    try {
      queue.queue(keys);
      removeSoon.run();
    } catch (RuntimeException queueAway) {
      log.warn(
          "The removal queue could not take {} photos of a refused batch; deleting them now: {}",
          keys.size(),
          queueAway.toString());
      photos.discard(refs);
    }
  }
}
