package io.cardgen.worker.photo;

import io.cardgen.common.photo.ImageFormat;
import io.cardgen.common.photo.PhotoKey;
import io.cardgen.storage.S3Clients;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.UUID;
import java.util.function.Supplier;
import software.amazon.awssdk.core.ResponseInputStream;
import software.amazon.awssdk.core.sync.RequestBody;
import software.amazon.awssdk.http.ContentStreamProvider;
import software.amazon.awssdk.services.s3.S3Client;
import software.amazon.awssdk.services.s3.model.GetObjectResponse;
import software.amazon.awssdk.services.s3.model.NoSuchKeyException;

/**
 * The worker's view of the photo bucket: stores fetched link photos, reads back the inline photos
 * the gateway stored. Owns its {@link S3Client} and closes it.
 */
public class PhotoStorage implements AutoCloseable {

  private final S3Client s3;
  private final String bucket;
  private final int maxBytes;
  private final Supplier<UUID> ids;

  /**
   * @param maxBytes the most {@link #get} reads; photos are checked against the same limit before
   *     they are stored, so a larger object is not ours
   */
  public PhotoStorage(S3Client s3, String bucket, int maxBytes, Supplier<UUID> ids) {
    this.s3 = s3;
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
    String mimeType = key.format().mimeType();
    s3.putObject(
        object -> object.bucket(bucket).key(key.value()).contentType(mimeType),
        RequestBody.fromContentProvider(
            ContentStreamProvider.fromByteArrayUnsafe(bytes), bytes.length, mimeType));
    return key.value();
  }

  /**
   * The photo at {@code key}.
   *
   * @throws NoSuchKeyException when there is none
   * @throws IllegalStateException when the object is larger than this storage's limit
   */
  public byte[] get(String key) {
    try (ResponseInputStream<GetObjectResponse> in =
        s3.getObject(object -> object.bucket(bucket).key(key))) {
      Long length = in.response().contentLength();
      byte[] bytes = length != null && length > maxBytes ? null : in.readNBytes(maxBytes + 1);
      if (bytes == null || bytes.length > maxBytes) {
        in.abort(); // do not download the rest just to throw it away
        throw new IllegalStateException(key + " is larger than " + maxBytes + " bytes");
      }
      return bytes;
    } catch (IOException e) {
      throw new UncheckedIOException("reading " + key + " failed", e);
    }
  }

  public boolean exists(String key) {
    try {
      s3.headObject(object -> object.bucket(bucket).key(key));
      return true;
    } catch (NoSuchKeyException e) {
      return false;
    }
  }

  /** Creates the bucket unless it exists; safe when several replicas start at once. */
  public void createBucketIfMissing() {
    S3Clients.createBucketIfMissing(s3, bucket);
  }

  @Override
  public void close() {
    s3.close();
  }
}
