package io.cardgen.gateway.job;

import io.cardgen.common.wire.PhotoRef;
import io.cardgen.gateway.photo.PhotoIntake.IncomingPhoto;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.springframework.stereotype.Component;

/**
 * Picks the copies of a job's just-stored inline photos that ride along in its message (ADR 0024):
 * all of them when together they fit the limit, none otherwise, so a worker either has every stored
 * photo at hand or reads them all from the bucket as before. Links never ride along: the worker
 * fetches them under the photo-link rules.
 */
@Component
class CarriedPhotos {

  private final long limit;

  CarriedPhotos(CarriedPhotosProperties properties) {
    this.limit = properties.carriedPhotoBytes().toBytes();
  }

  /**
   * @param incoming the request's photos, in order
   * @param refs where each of them is now, in the same order
   */
  Map<String, byte[]> of(List<IncomingPhoto> incoming, List<PhotoRef> refs) {
    Map<String, byte[]> carried = new HashMap<>();
    long total = 0;
    for (int index = 0; index < incoming.size(); index++) {
      byte[] bytes = incoming.get(index).bytes();
      if (bytes == null) {
        continue;
      }
      total += bytes.length;
      if (total > limit) {
        return Map.of();
      }
      carried.put(refs.get(index).location(), bytes);
    }
    return carried;
  }
}
