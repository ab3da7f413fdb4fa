package io.cardgen.gateway.photo;

import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.DisposableBean;
import org.springframework.scheduling.annotation.Scheduled;
import org.springframework.stereotype.Component;

/**
 * Deletes the queued photos of removed jobs from the bucket ({@link JobPhotoRemoval}), every
 * replica a share: due keys are taken with {@code SKIP LOCKED} and put off as they are taken. One
 * run deletes at most {@value #MAX_PER_RUN} keys and stops at the store's first failure.
 *
 * <p>On a thread of its own: Spring's scheduler has one thread on Java 17, shared with the
 * published marks (every 100 ms), the credit audit and the retentions, and a store that answers
 * slowly must hold none of them up (a review measured minutes with the store away).
 */
@Component
class PhotoRemovalSchedule implements DisposableBean {

  private static final Logger log = LoggerFactory.getLogger(PhotoRemovalSchedule.class);
  static final int STEP = 100;
  static final int MAX_PER_RUN = 5_000;

  private final JobPhotoRemoval removal;
  private final ExecutorService thread =
      Executors.newSingleThreadExecutor(
          runnable -> {
            Thread named = new Thread(runnable, "photo-removal");
            named.setDaemon(true);
            return named;
          });
  private final AtomicBoolean running = new AtomicBoolean();

  PhotoRemovalSchedule(JobPhotoRemoval removal) {
    this.removal = removal;
  }

  @Scheduled(
      fixedDelayString = "${cardgen.photos.removal-interval:1m}",
      initialDelayString = "${cardgen.photos.removal-interval:1m}")
  void scheduled() {
    if (running.compareAndSet(false, true)) {
      thread.execute(
          () -> {
            try {
              removeDue();
            } finally {
              running.set(false);
            }
          });
    }
  }

  /** One run: due keys, a step at a time, until none is left, the bound, or a failure. */
  void removeDue() {
    try {
      for (int taken = 0; taken < MAX_PER_RUN; ) {
        int due = removal.removeDue(STEP);
        if (due < STEP) {
          break;
        }
        taken += due;
      }
    } catch (RuntimeException failure) {
      log.warn(
          "Removing photos of removed jobs failed, the next run retries: {}", failure.toString());
    }
  }

  /** Lets a run finish its key for a few seconds, then interrupts it: the queue keeps the rest. */
  @Override
  public void destroy() throws InterruptedException {
    thread.shutdown();
    if (!thread.awaitTermination(5, TimeUnit.SECONDS)) {
      thread.shutdownNow();
    }
  }
}
