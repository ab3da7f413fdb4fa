package io.cardgen.gateway.photo;

import io.cardgen.common.photo.ImageFormat;
import io.cardgen.common.photo.PhotoKey;
import io.cardgen.storage.S3Bucket;
import java.util.UUID;
import java.util.function.Supplier;

/**
 * Stores the inline photos of a request before its job is published, so the job message carries
 * keys rather than megabytes; deletes them again when the request fails before publishing.
 */
public class InlinePhotoStore implements AutoCloseable {

  private final S3Bucket bucket;
  private final Supplier<UUID> ids;

  public InlinePhotoStore(S3Bucket bucket, Supplier<UUID> ids) {
    this.bucket = bucket;
    this.ids = ids;
  }

  /**
   * Stores {@code bytes} at {@code products/<dir>/<random>.<ext>} with {@code format}'s content
   * type; {@code format} must be the sniffed one. Returns the key.
   */
  public String put(String dir, byte[] bytes, ImageFormat format) {
    String key = keyFor(dir, format);
    putAt(key, bytes, format);
    return key;
  }

  /** A new key under {@code products/<dir>/}, for a photo that is stored later with putAt. */
  public String keyFor(String dir, ImageFormat format) {
    return PhotoKey.of(dir, ids.get(), format).value();
  }

  /** Stores {@code bytes} at {@code key} with {@code format}'s content type. */
  public void putAt(String key, byte[] bytes, ImageFormat format) {
    bucket.put(key, bytes, format.mimeType());
  }

  /** Deletes the photo at {@code key}; deleting one that is not there is not an error. */
  public void delete(String key) {
    bucket.delete(key);
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
