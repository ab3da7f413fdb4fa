package io.cardgen.worker.job;

import io.cardgen.common.error.ErrorCode;
import io.cardgen.common.error.Messages;
import io.cardgen.common.photo.ImageFormat;
import io.cardgen.common.photo.JobPhotoKeys;
import io.cardgen.common.stage.OldestFirstGate;
import io.cardgen.common.wire.PhotoRef;
import io.cardgen.worker.llm.PhotoInput;
import io.cardgen.worker.photo.FetchOutcome;
import io.cardgen.worker.photo.LlmCopy;
import io.cardgen.worker.photo.LlmPhotoPreparer;
import io.cardgen.worker.photo.PhotoLinkBatch;
import io.cardgen.worker.photo.PhotoProblem;
import io.cardgen.worker.photo.PhotoStorage;
import java.net.URI;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.stream.IntStream;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;

/**
 * Gets a job's photos ready for the model: links are fetched under the photo-link rules (all at
 * once, within one deadline), stored ones are read back from S3, every photo becomes a copy sized
 * for the model, and only when all of them are usable are the fetched originals stored next to the
 * inline ones, so the card's {@code images} always name objects in the bucket and a failed job
 * leaves no fetched photo behind.
 *
 * <p>A refused link or an unusable photo fails the job with {@code image_invalid}, which retrying
 * cannot fix, before a link that is only unavailable ({@code image_unavailable}) is considered. The
 * failure names the photo by its place in the request and says what is wrong with it (a {@link
 * PhotoProblem}'s text): a seller with several links per item learns which one to fix.
 */
@Component
class JobPhotos {

  private static final Logger log = LoggerFactory.getLogger(JobPhotos.class);

  sealed interface Loaded {}

  /**
   * @param inputs the model's copies of the photos, in request order
   * @param keys the bucket keys of the originals, in request order
   */
  record Ready(List<PhotoInput> inputs, List<String> keys) implements Loaded {}

  /**
   * @param detail the client's message: "Фото N: " and the problem, in Russian
   */
  record Unusable(ErrorCode code, String detail) implements Loaded {

    static Unusable of(ErrorCode code, int photoIndex, PhotoProblem problem) {
      return new Unusable(code, Messages.format("photo.detail", photoIndex + 1, problem.text()));
    }
  }

  /** A photo as the client sent it: already stored under {@code storedKey}, or fetched. */
  private record Original(byte[] bytes, String storedKey, ImageFormat fetchedFormat) {}

  /**
   * What a model copy costs in memory until the call ends: its bytes and the HTTP body that holds
   * their base64 (4/3), with room for the body's assembly, when the base64 and the body exist side
   * by side (ADR 0026: the request's JSON string no longer holds the photo). Kept at 4 after that
   * change rather than lowered to what it now needs, since it had undercounted before (the JSON
   * string was UTF-16) and no benchmark has measured the lower figure yet.
   */
  private static final int COPY_FOOTPRINT = 4;

  private final PhotoStorage storage;
  private final PhotoLinkBatch links;
  private final LlmPhotoPreparer preparer;
  private final PhotoMemoryBudget memory;
  private final OldestFirstGate gate;

  JobPhotos(
      PhotoStorage storage,
      PhotoLinkBatch links,
      LlmPhotoPreparer preparer,
      PhotoMemoryBudget memory,
      OldestFirstGate gate) {
    this.storage = storage;
    this.links = links;
    this.preparer = preparer;
    this.memory = memory;
    this.gate = gate;
  }

  /**
   * @param held the job's admission to the photo memory budget, settled at the model's copies once
   *     they are made
   */
  Loaded load(ClaimedJob job, PhotoMemoryBudget.Hold held) {
    List<PhotoRef> refs = job.spec().photos();
    List<Integer> linkIndexes =
        IntStream.range(0, refs.size())
            .filter(index -> refs.get(index).source() == PhotoRef.Source.LINK)
            .boxed()
            .toList();
    List<URI> linked =
        linkIndexes.stream().map(index -> URI.create(refs.get(index).location())).toList();
    // Fetching links waits on the internet, not the CPU: outside the job's permit of the gate.
    List<FetchOutcome> fetched =
        linked.isEmpty() ? List.of() : gate.outside(() -> links.fetch(job.accountId(), linked));
    Unusable linkFailure = failureOf(job, fetched, linkIndexes);
    if (linkFailure != null) {
      return linkFailure;
    }
    Iterator<FetchOutcome> nextFetched = fetched.iterator();
    List<Original> originals = new ArrayList<>(refs.size());
    for (PhotoRef ref : refs) {
      if (ref.source() == PhotoRef.Source.STORED) {
        originals.add(new Original(storage.get(ref.location()), ref.location(), null));
      } else {
        FetchOutcome.Fetched link = (FetchOutcome.Fetched) nextFetched.next();
        originals.add(new Original(link.bytes(), null, link.format()));
      }
    }
    List<PhotoInput> inputs = new ArrayList<>(originals.size());
    for (int index = 0; index < originals.size(); index++) {
      // Waiting for decode memory that others hold is no CPU work either: outside the permit.
      LlmCopy copy = preparer.prepare(originals.get(index).bytes(), this::outsideTheGate);
      if (copy instanceof LlmCopy.Unusable unusable) {
        log.info("Job {} has an unusable photo {}: {}", job.id(), index + 1, unusable.reason());
        return Unusable.of(ErrorCode.IMAGE_INVALID, index, unusable.problem());
      }
      LlmCopy.Ready ready = (LlmCopy.Ready) copy;
      inputs.add(new PhotoInput(ready.bytes(), ready.format().mimeType()));
    }
    List<String> keys = store(job, originals);
    // The originals are garbage from here on; only the model's copies live until the call ends.
    memory.settle(held, COPY_FOOTPRINT * inputs.stream().mapToLong(i -> i.bytes().length).sum());
    return new Ready(inputs, keys);
  }

  private void outsideTheGate(Runnable wait) {
    gate.outside(
        () -> {
          wait.run();
          return null;
        });
  }

  /**
   * What a failed link fetch ends the job with, or null when every link was fetched: the first
   * refused link, else the first unavailable one.
   *
   * @param linkIndexes each link's place among the job's photos
   */
  static Unusable failureOf(ClaimedJob job, List<FetchOutcome> fetched, List<Integer> linkIndexes) {
    Unusable failure = null;
    for (int link = 0; link < fetched.size(); link++) {
      int index = linkIndexes.get(link);
      if (fetched.get(link) instanceof FetchOutcome.Refused refused) {
        log.info("Job {} has a refused photo link {}: {}", job.id(), index + 1, refused.reason());
        return Unusable.of(ErrorCode.IMAGE_INVALID, index, refused.problem());
      }
      if (failure == null && fetched.get(link) instanceof FetchOutcome.Unavailable unavailable) {
        log.info(
            "Job {} has an unavailable photo link {}: {}",
            job.id(),
            index + 1,
            unavailable.reason());
        failure = Unusable.of(ErrorCode.IMAGE_UNAVAILABLE, index, unavailable.problem());
      }
    }
    return failure;
  }

  /**
   * Stores each fetched original under a key derived from the job and the photo's place in it, so a
   * redelivered job overwrites its own photos instead of leaving orphans.
   */
  private List<String> store(ClaimedJob job, List<Original> originals) {
    List<String> keys = new ArrayList<>(originals.size());
    for (int index = 0; index < originals.size(); index++) {
      Original original = originals.get(index);
      if (original.storedKey() != null) {
        keys.add(original.storedKey());
        continue;
      }
      keys.add(
          storage.put(
              JobPhotoKeys.fetched(job.id(), index, original.fetchedFormat()), original.bytes()));
    }
    return keys;
  }
}
