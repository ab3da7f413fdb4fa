package io.cardgen.worker.photo;

import io.cardgen.common.photo.ImageFormat;
import io.cardgen.common.photo.PhotoKey;
import io.cardgen.storage.S3Bucket;
import io.cardgen.storage.S3Failure;
import java.util.UUID;
import java.util.function.Supplier;

/**
 * The worker's view of the photo bucket: stores fetched link photos, reads back the inline photos
 * the gateway stored.
 */
public class PhotoStorage implements AutoCloseable {

  private final S3Bucket bucket;
  private final int maxBytes;
  private final Supplier<UUID> ids;

  /**
   * @param maxBytes the most {@link #get} reads; photos are checked against the same limit before
   *     they are stored, so a larger object is not ours
   */
  public PhotoStorage(S3Bucket bucket, int maxBytes, Supplier<UUID> ids) {
    this.bucket = bucket;
    this.maxBytes = maxBytes;
    this.ids = ids;
  }

  /**
   * Stores {@code bytes} at {@code products/<dir>/<random>.<ext>} with {@code format}'s content
   * type; {@code format} must be the sniffed one. Returns the key.
   */
  public String put(String dir, byte[] bytes, ImageFormat format) {
    return put(PhotoKey.of(dir, ids.get(), format), bytes);
  }

  /**
   * Stores {@code bytes} at {@code key}, replacing what is there: with a key derived from the job
   * (say {@code UUID.nameUUIDFromBytes(jobId + "/" + index)}), a redelivered job overwrites its own
   * photo instead of leaving an orphan. Returns the key.
   */
  public String put(PhotoKey key, byte[] bytes) {
    bucket.put(key.value(), bytes, key.format().mimeType());
    return key.value();
  }

  /**
   * The photo at {@code key}.
   *
   * @throws S3Failure.NoSuchObject when there is none
   * @throws IllegalStateException when the object is larger than this storage's limit
   */
  public byte[] get(String key) {
    return bucket.get(key, maxBytes);
  }

  public boolean exists(String key) {
    return bucket.exists(key);
  }

  /** Creates the bucket unless it exists; safe when several replicas start at once. */
  public void createBucketIfMissing() {
    bucket.createIfMissing();
  }

  @Override
  public void close() {
    bucket.close();
  }
}
