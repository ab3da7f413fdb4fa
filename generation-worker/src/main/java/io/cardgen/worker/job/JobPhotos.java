package io.cardgen.worker.job;

import io.cardgen.common.error.ErrorCode;
import io.cardgen.common.photo.ImageFormat;
import io.cardgen.common.wire.PhotoRef;
import io.cardgen.worker.llm.PhotoInput;
import io.cardgen.worker.photo.FetchOutcome;
import io.cardgen.worker.photo.PhotoLinkFetcher;
import io.cardgen.worker.photo.PhotoStorage;
import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import org.springframework.stereotype.Component;

/**
 * Gets a job's photos ready for the model: stored ones are read back from S3, links are fetched
 * under the photo-link rules and stored next to them, so the card's {@code images} always name
 * objects in the bucket.
 */
@Component
class JobPhotos {

  sealed interface Loaded {}

  /**
   * @param keys the bucket keys of the photos, in request order
   */
  record Ready(List<PhotoInput> inputs, List<String> keys) implements Loaded {}

  record Unusable(ErrorCode code) implements Loaded {}

  private final PhotoStorage storage;
  private final PhotoLinkFetcher fetcher;

  JobPhotos(PhotoStorage storage, PhotoLinkFetcher fetcher) {
    this.storage = storage;
    this.fetcher = fetcher;
  }

  Loaded load(ClaimedJob job) {
    List<PhotoInput> inputs = new ArrayList<>();
    List<String> keys = new ArrayList<>();
    for (PhotoRef ref : job.spec().photos()) {
      if (ref.source() == PhotoRef.Source.STORED) {
        byte[] bytes = storage.get(ref.location());
        ImageFormat format = ImageFormat.sniff(bytes).orElse(ImageFormat.JPEG);
        inputs.add(new PhotoInput(bytes, format.mimeType()));
        keys.add(ref.location());
        continue;
      }
      FetchOutcome outcome = fetcher.fetch(URI.create(ref.location()));
      if (outcome instanceof FetchOutcome.Refused) {
        return new Unusable(ErrorCode.IMAGE_INVALID);
      }
      if (outcome instanceof FetchOutcome.Unavailable) {
        return new Unusable(ErrorCode.IMAGE_UNAVAILABLE);
      }
      FetchOutcome.Fetched fetched = (FetchOutcome.Fetched) outcome;
      keys.add(storage.put(job.id().toString(), fetched.bytes(), fetched.format()));
      inputs.add(new PhotoInput(fetched.bytes(), fetched.format().mimeType()));
    }
    return new Ready(inputs, keys);
  }
}
