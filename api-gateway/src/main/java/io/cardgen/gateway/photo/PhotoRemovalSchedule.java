package io.cardgen.gateway.photo;

import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
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
 * slowly must hold none of them up (a review measured minutes with the store away). At most one run
 * goes on and one more waits: a run asked for while another goes on ({@link #runSoon}, the
 * schedule) starts after it and sees every key queued until then; further asks join that one.
 */
@Component
public class PhotoRemovalSchedule implements DisposableBean {

  private static final Logger log = LoggerFactory.getLogger(PhotoRemovalSchedule.class);
  static final int STEP = 100;
  static final int MAX_PER_RUN = 5_000;

  private final JobPhotoRemoval removal;
  private final ThreadPoolExecutor thread =
      new ThreadPoolExecutor(
          1,
          1,
          0,
          TimeUnit.SECONDS,
          new ArrayBlockingQueue<>(1),
          runnable -> {
            Thread named = new Thread(runnable, "photo-removal");
            named.setDaemon(true);
            return named;
          },
          new ThreadPoolExecutor.DiscardPolicy());

  PhotoRemovalSchedule(JobPhotoRemoval removal) {
    this.removal = removal;
  }

  @Scheduled(
      fixedDelayString = "${cardgen.photos.removal-interval:1m}",
      initialDelayString = "${cardgen.photos.removal-interval:1m}")
  void scheduled() {
    runSoon();
  }

  /**
   * Asks for a run now, without waiting for it: an admin delete's photos go at once, not at the
   * next minute, and the request does not wait on the store.
   */
  public void runSoon() {
    thread.execute(this::removeDue);
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
      removal.measureBacklog();
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
