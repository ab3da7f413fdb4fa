package io.cardgen.gateway.photo;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.cardgen.common.photo.ImageFormat;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * The upload bookkeeping, with a store that records instead of calling S3 (see InlinePhotoStoreIT).
 */
class PhotoUploadsTest {

  private static final byte[] PHOTO = {1, 2, 3};
  private static final long MB = 1024 * 1024;

  /** Counts uploads running at once; each waits for {@code gate} before it ends. */
  private static final class RecordingStore extends InlinePhotoStore {
    final Set<String> stored = ConcurrentHashMap.newKeySet();
    final AtomicInteger running = new AtomicInteger();
    final AtomicInteger mostAtOnce = new AtomicInteger();
    final CountDownLatch gate;
    final String failingKeyPart;

    RecordingStore(CountDownLatch gate, String failingKeyPart) {
      super(null, UUID::randomUUID);
      this.gate = gate;
      this.failingKeyPart = failingKeyPart;
    }

    @Override
    public void putAt(String key, byte[] bytes, ImageFormat format) {
      mostAtOnce.accumulateAndGet(running.incrementAndGet(), Math::max);
      try {
        gate.await(10, TimeUnit.SECONDS);
        if (failingKeyPart != null && key.contains(failingKeyPart)) {
          throw new IllegalStateException("storage refused " + key);
        }
        stored.add(key);
      } catch (InterruptedException interrupted) {
        Thread.currentThread().interrupt();
      } finally {
        running.decrementAndGet();
      }
    }
  }

  @Test
  void returnsKeysAtOnceAndStoresEveryPhotoByFinish() {
    RecordingStore store = new RecordingStore(new CountDownLatch(0), null);
    List<String> keys = new ArrayList<>();
    try (PhotoUploads uploads = new PhotoUploads(store, 4, MB)) {
      for (int i = 0; i < 50; i++) {
        keys.add(uploads.submit("job-" + i, PHOTO, ImageFormat.PNG));
      }
      uploads.finish();

      assertThat(store.stored).containsExactlyInAnyOrderElementsOf(keys);
      assertThat(uploads.stored()).containsExactlyInAnyOrderElementsOf(keys);
    }
    assertThat(keys).allSatisfy(key -> assertThat(key).startsWith("products/job-"));
  }

  @Test
  void runsNoMoreUploadsAtOnceThanItsParallelism() throws Exception {
    CountDownLatch gate = new CountDownLatch(1);
    RecordingStore store = new RecordingStore(gate, null);
    try (PhotoUploads uploads = new PhotoUploads(store, 3, MB)) {
      Thread reader =
          new Thread(
              () -> {
                for (int i = 0; i < 10; i++) {
                  uploads.submit("job-" + i, PHOTO, ImageFormat.PNG);
                }
              });
      reader.start();
      // the fourth submit waits for a free slot while the gate holds the first three
      awaitBlocked(reader, store);
      assertThat(store.running.get()).isEqualTo(3);
      assertThat(store.stored).isEmpty();

      gate.countDown();
      reader.join(10_000);
      uploads.finish();

      assertThat(store.mostAtOnce.get()).isEqualTo(3);
      assertThat(store.stored).hasSize(10);
    }
  }

  @Test
  void holdsNoMorePhotoBytesThanItsBoundButALargerPhotoAlone() throws Exception {
    CountDownLatch gate = new CountDownLatch(1);
    RecordingStore store = new RecordingStore(gate, null);
    byte[] quarterMb = new byte[256 * 1024];
    byte[] twoMb = new byte[2 * 1024 * 1024];
    try (PhotoUploads uploads = new PhotoUploads(store, 8, MB)) {
      Thread reader =
          new Thread(
              () -> {
                for (int i = 0; i < 6; i++) {
                  uploads.submit("job-" + i, quarterMb, ImageFormat.PNG);
                }
                uploads.submit("job-big", twoMb, ImageFormat.PNG);
              });
      reader.start();
      // four quarter megabytes fill the bound: the fifth waits though slots are free
      awaitBlocked(reader, store, 4);
      assertThat(store.running.get()).isEqualTo(4);

      gate.countDown();
      reader.join(10_000);
      uploads.finish();

      assertThat(store.mostAtOnce.get()).isLessThanOrEqualTo(4);
      assertThat(store.stored).hasSize(7);
    }
  }

  private static void awaitBlocked(Thread reader, RecordingStore store) {
    awaitBlocked(reader, store, 3);
  }

  private static void awaitBlocked(Thread reader, RecordingStore store, int running) {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
    while (store.running.get() < running || reader.getState() != Thread.State.WAITING) {
      assertThat(System.nanoTime()).as("reader blocked on a free slot").isLessThan(deadline);
      Thread.onSpinWait();
    }
  }

  @Test
  void finishThrowsTheFailureAndStoredListsOnlyWhatReachedStorage() {
    RecordingStore store = new RecordingStore(new CountDownLatch(0), "job-3/");
    try (PhotoUploads uploads = new PhotoUploads(store, 2, MB)) {
      for (int i = 0; i < 3; i++) {
        uploads.submit("job-" + i, PHOTO, ImageFormat.PNG);
      }
      String failing = uploads.submit("job-3", PHOTO, ImageFormat.PNG);

      assertThatThrownBy(uploads::finish).hasMessageContaining("storage refused");
      assertThat(uploads.stored()).hasSize(3).doesNotContain(failing);
    }
  }
}
