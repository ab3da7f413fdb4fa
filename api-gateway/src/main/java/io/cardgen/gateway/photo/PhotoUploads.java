package io.cardgen.gateway.photo;

import io.cardgen.common.photo.ImageFormat;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Semaphore;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Stores the inline photos of one batch while its body is still being read: a few uploads run at
 * once instead of one after the other, which made a 10 000-item batch wait on 10 000 sequential
 * round trips to S3. At most {@code parallelism} photos are held for upload at a time, so memory
 * stays bounded by that many photos whatever the batch's size: the reader waits for a free slot.
 *
 * <p>Keys are handed out at once, so the item's spec is written while its photo is on its way;
 * {@link #finish()} must return before any item is recorded.
 */
public final class PhotoUploads implements AutoCloseable {

  private static final AtomicInteger THREADS = new AtomicInteger();

  private final InlinePhotoStore store;
  private final int parallelism;
  private final Semaphore slots;
  private final ExecutorService uploaders;
  private final List<String> stored = new ArrayList<>();
  private final AtomicReference<RuntimeException> failure = new AtomicReference<>();

  PhotoUploads(InlinePhotoStore store, int parallelism) {
    if (parallelism < 1) {
      throw new IllegalArgumentException("parallelism must be at least 1");
    }
    this.store = store;
    this.parallelism = parallelism;
    this.slots = new Semaphore(parallelism);
    this.uploaders =
        Executors.newFixedThreadPool(
            parallelism,
            task -> {
              Thread thread = new Thread(task, "photo-upload-" + THREADS.incrementAndGet());
              thread.setDaemon(true);
              return thread;
            });
  }

  /**
   * Starts storing {@code bytes} under {@code products/<dir>/} and returns its key. Waits while
   * {@code parallelism} uploads are running; throws the first failure of an earlier upload.
   */
  public String submit(String dir, byte[] bytes, ImageFormat format) {
    rethrowFailure();
    acquire(1);
    String key = store.keyFor(dir, format);
    try {
      uploaders.execute(() -> upload(key, bytes, format));
    } catch (RuntimeException rejected) {
      slots.release();
      throw rejected;
    }
    return key;
  }

  private void upload(String key, byte[] bytes, ImageFormat format) {
    try {
      store.putAt(key, bytes, format);
      synchronized (stored) {
        stored.add(key);
      }
    } catch (RuntimeException uploadFailed) {
      failure.compareAndSet(null, uploadFailed);
    } finally {
      slots.release();
    }
  }

  /** Waits for every upload; throws the first failure, if any. */
  public void finish() {
    acquire(parallelism);
    slots.release(parallelism);
    rethrowFailure();
  }

  /** The keys of the photos that reached storage, once every upload has ended. */
  public List<String> stored() {
    acquire(parallelism);
    slots.release(parallelism);
    synchronized (stored) {
      return List.copyOf(stored);
    }
  }

  private void rethrowFailure() {
    RuntimeException failed = failure.get();
    if (failed != null) {
      throw failed;
    }
  }

  private void acquire(int permits) {
    try {
      slots.acquire(permits);
    } catch (InterruptedException interrupted) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("Interrupted while storing photos", interrupted);
    }
  }

  @Override
  public void close() {
    uploaders.shutdown();
  }
}
