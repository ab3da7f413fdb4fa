package io.cardgen.common.photo;

import io.cardgen.common.wire.PhotoRef;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

/**
 * Where a job's photos are kept: all in the job's own folder, {@code products/<job id>/}. An inline
 * photo goes there at intake under a random name (its key is in the job's spec); the original
 * behind a photo link goes there when the worker fetched it, under a name derived from the job and
 * the photo's place, so a redelivered job overwrites its own photos instead of leaving orphans, and
 * the photos of a job that failed after fetching can still be found to be removed.
 */
public final class JobPhotoKeys {

  private JobPhotoKeys() {}

  /** The key of the original the worker fetched for the job's photo number {@code index}. */
  public static PhotoKey fetched(UUID job, int index, ImageFormat format) {
    String dir = job.toString();
    UUID file = UUID.nameUUIDFromBytes((dir + "/" + index).getBytes(StandardCharsets.UTF_8));
    return PhotoKey.of(dir, file, format);
  }

  /**
   * Every key the job's photos can be stored under: its inline photos' keys, and for each photo
   * link the key of each format the original may have had. Only keys in the job's own folder: a
   * spec naming another folder (none does) could never make its removal reach another job's photos.
   */
  public static List<String> of(UUID job, List<PhotoRef> photos) {
    String dir = job.toString();
    List<String> keys = new ArrayList<>();
    for (int index = 0; index < photos.size(); index++) {
      PhotoRef photo = photos.get(index);
      if (photo.source() == PhotoRef.Source.STORED) {
        PhotoKey.parse(photo.location())
            .filter(key -> key.dir().equals(dir))
            .ifPresent(key -> keys.add(key.value()));
      } else {
        for (ImageFormat format : ImageFormat.values()) {
          keys.add(fetched(job, index, format).value());
        }
      }
    }
    return keys;
  }
}
