package io.cardgen.gateway.photo;

import io.cardgen.common.error.Messages;
import io.cardgen.common.photo.ImageFormat;
import io.cardgen.common.photo.ImageUrl;
import io.cardgen.common.photo.ImageUrlDecoder;
import io.cardgen.common.wire.PhotoRef;
import java.net.URI;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.UUID;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;

/**
 * The gateway's part of the photo pipeline: inline photos are decoded and checked before any credit
 * is touched, stored once the request is accepted, and removed again if it is refused. Links are
 * shape-checked and their hosts judged by the address rules here (see {@link PhotoLinkCheck}); a
 * worker fetches them under the photo-link rules.
 */
@Component
public class PhotoIntake {

  private static final Logger log = LoggerFactory.getLogger(PhotoIntake.class);

  /**
   * @param identity what the photo counts as for idempotency: its content hash, or the link
   * @param bytes the decoded photo; {@code null} for a link
   */
  public record IncomingPhoto(String identity, byte[] bytes, ImageFormat format, String link) {}

  public sealed interface Intake {
    record Accepted(List<IncomingPhoto> photos) implements Intake {}

    record Rejected(String message) implements Intake {}
  }

  /**
   * Uploads one batch creation runs at once: enough to hide S3's round trip, few enough that the
   * photos held for them (10 MB each at most) stay small next to the heap.
   */
  static final int BATCH_UPLOADS = 8;

  /**
   * Bytes of photos one batch creation holds for upload at most (a photo larger than this, up to
   * the 10 MB limit, is held alone); batch creation counts them in the gateway's intake memory.
   */
  public static final long BATCH_UPLOAD_BYTES = 16L * 1024 * 1024;

  private final ImageUrlDecoder decoder;
  private final InlinePhotoStore store;
  private final PhotoLinkCheck links;

  PhotoIntake(ImageUrlDecoder decoder, InlinePhotoStore store, PhotoLinkCheck links) {
    this.decoder = decoder;
    this.store = store;
    this.links = links;
  }

  /**
   * Checks a synchronous request's photos, links' hosts included, before its credit is touched. The
   * hosts' lookups count against {@code account}'s places and end by one deadline for all the links
   * ({@link PhotoLinkCheck}).
   */
  public Intake prepare(List<String> photos, UUID account) {
    return prepare(photos, account, true);
  }

  /**
   * As {@link #prepare(List, UUID)}, but a link is only shape-checked: a batch item's links are
   * judged when the item runs, those its text alone breaks the rules with them ({@link
   * ImageUrl.RefusedLink}), so that a refused one fails that item and never the batch (batch-api
   * §2), and a batch of 10 000 links waits for no DNS lookups at creation. A request under a key in
   * use is only compared with the earlier one, which needs no lookup either.
   */
  public Intake prepareForLater(List<String> photos) {
    return prepare(photos, null, false);
  }

  private Intake prepare(List<String> photos, UUID account, boolean checkLinkHosts) {
    List<IncomingPhoto> accepted = new ArrayList<>(photos.size());
    // One for all the request's links, from the first lookup on: decoding the inline photos
    // before it takes none of the lookups' time.
    long deadline = 0;
    boolean timed = false;
    for (int index = 0; index < photos.size(); index++) {
      ImageUrl source = decoder.decode(photos.get(index));
      if (source instanceof ImageUrl.Invalid
          || (checkLinkHosts && source instanceof ImageUrl.RefusedLink)) {
        return new Intake.Rejected(Messages.format("invalid.photo", index + 1));
      }
      if (source instanceof ImageUrl.RefusedLink refused) {
        accepted.add(link(refused.uri()));
      } else if (source instanceof ImageUrl.Link link) {
        if (checkLinkHosts) {
          if (!timed) {
            deadline = links.deadlineFromNow();
            timed = true;
          }
          if (links.check(link.uri(), account, deadline) instanceof PhotoLinkCheck.RefusedAddress) {
            return new Intake.Rejected(Messages.format("invalid.photo_address", index + 1));
          }
        }
        accepted.add(link(link.uri()));
      } else {
        ImageUrl.Inline inline = (ImageUrl.Inline) source;
        accepted.add(
            new IncomingPhoto(
                "sha256:" + sha256(inline.bytes()), inline.bytes(), inline.format(), null));
      }
    }
    return new Intake.Accepted(accepted);
  }

  private static IncomingPhoto link(URI uri) {
    return new IncomingPhoto(uri.toString(), null, null, uri.toString());
  }

  /** Stores the inline photos under the job's directory; links pass through as links. */
  public List<PhotoRef> store(UUID jobId, List<IncomingPhoto> photos) {
    List<PhotoRef> refs = new ArrayList<>(photos.size());
    try {
      for (IncomingPhoto photo : photos) {
        refs.add(
            photo.bytes() == null
                ? PhotoRef.link(photo.link())
                : PhotoRef.stored(store.put(jobId.toString(), photo.bytes(), photo.format())));
      }
      return refs;
    } catch (RuntimeException failure) {
      discard(refs);
      throw failure;
    }
  }

  /** Uploads at once for one batch's items; close it when the batch is recorded or refused. */
  public PhotoUploads uploads() {
    return new PhotoUploads(store, BATCH_UPLOADS, BATCH_UPLOAD_BYTES);
  }

  /**
   * As {@link #store(UUID, List)}, but through {@code uploads}: the keys are returned before the
   * photos are stored; {@link PhotoUploads#finish()} tells when they are.
   */
  public List<PhotoRef> store(UUID jobId, List<IncomingPhoto> photos, PhotoUploads uploads) {
    List<PhotoRef> refs = new ArrayList<>(photos.size());
    for (IncomingPhoto photo : photos) {
      refs.add(
          photo.bytes() == null
              ? PhotoRef.link(photo.link())
              : PhotoRef.stored(uploads.submit(jobId.toString(), photo.bytes(), photo.format())));
    }
    return refs;
  }

  /**
   * Removes stored photos of a request that was not accepted after all. Never throws: the request's
   * own answer (a replay, a refusal, the failure that stopped it) matters more than its orphans,
   * which the bucket's lifecycle rule expires; so the store's first failure ends the attempt with a
   * warning rather than a 500 or a failure that hides the first one.
   */
  public void discard(List<PhotoRef> refs) {
    List<String> keys = storedKeys(refs);
    for (int deleted = 0; deleted < keys.size(); deleted++) {
      try {
        store.delete(keys.get(deleted));
      } catch (RuntimeException storeAway) {
        log.warn(
            "{} photos of a request that was not accepted stay in the bucket until its lifecycle"
                + " rule expires them, e.g. {}: {}",
            keys.size() - deleted,
            keys.get(deleted),
            storeAway.toString());
        return;
      }
    }
  }

  /** The bucket keys of the stored photos among {@code refs}; links have none. */
  static List<String> storedKeys(List<PhotoRef> refs) {
    return refs.stream()
        .filter(ref -> ref.source() == PhotoRef.Source.STORED)
        .map(PhotoRef::location)
        .toList();
  }

  private static String sha256(byte[] bytes) {
    try {
      return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
    } catch (NoSuchAlgorithmException impossible) {
      throw new IllegalStateException("SHA-256 is required by every JVM", impossible);
    }
  }
}
