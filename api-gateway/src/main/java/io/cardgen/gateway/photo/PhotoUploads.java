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
 * round trips to S3. At most {@code parallelism} photos, and {@code pendingBytes} of them (or one
 * photo, if larger), are held for upload at a time, so memory stays bounded whatever the batch's
 * size: the reader waits for a free slot and room.
 *
 * <p>Keys are handed out at once, so the item's spec is written while its photo is on its way;
 * {@link #finish()} must return before any item is recorded.
 */
public final class PhotoUploads implements AutoCloseable {

  private static final AtomicInteger THREADS = new AtomicInteger();

  private final InlinePhotoStore store;
  private final int parallelism;
  private final Semaphore slots;
  private final Semaphore kilobytes;
  private final int kilobyteCapacity;
  private final ExecutorService uploaders;
  private final List<String> stored = new ArrayList<>();
  private final AtomicReference<RuntimeException> failure = new AtomicReference<>();

  PhotoUploads(InlinePhotoStore store, int parallelism, long pendingBytes) {
    if (parallelism < 1 || pendingBytes < 1024) {
      throw new IllegalArgumentException("parallelism must be at least 1, pendingBytes 1KB");
    }
    this.store = store;
    this.parallelism = parallelism;
    this.slots = new Semaphore(parallelism);
    this.kilobyteCapacity = (int) Math.min(Integer.MAX_VALUE, pendingBytes / 1024);
    this.kilobytes = new Semaphore(kilobyteCapacity);
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
   * {@code parallelism} uploads are running or their photos fill the pending bytes; throws the
   * first failure of an earlier upload.
   */
  public String submit(String dir, byte[] bytes, ImageFormat format) {
    rethrowFailure();
    acquire(slots, 1);
    int room = (int) Math.max(1, Math.min(kilobyteCapacity, (bytes.length + 1023L) / 1024));
    try {
      acquire(kilobytes, room);
    } catch (RuntimeException interrupted) {
      slots.release();
      throw interrupted;
    }
    String key = store.keyFor(dir, format);
    try {
      uploaders.execute(() -> upload(key, bytes, format, room));
    } catch (RuntimeException rejected) {
      kilobytes.release(room);
      slots.release();
      throw rejected;
    }
    return key;
  }

  private void upload(String key, byte[] bytes, ImageFormat format, int room) {
    try {
      store.putAt(key, bytes, format);
      synchronized (stored) {
        stored.add(key);
      }
    } catch (RuntimeException uploadFailed) {
      failure.compareAndSet(null, uploadFailed);
    } finally {
      kilobytes.release(room);
      slots.release();
    }
  }

  /** Waits for every upload; throws the first failure, if any. */
  public void finish() {
    acquire(slots, parallelism);
    slots.release(parallelism);
    rethrowFailure();
  }

  /** The keys of the photos that reached storage, once every upload has ended. */
  public List<String> stored() {
    acquire(slots, parallelism);
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

  private static void acquire(Semaphore semaphore, int permits) {
    try {
      semaphore.acquire(permits);
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
