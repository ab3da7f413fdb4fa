package io.cardgen.worker.photo;

import io.cardgen.common.photo.ImageFormat;

/**
 * What fetching one photo link came to. Reasons are for logs, never shown to the client; the {@link
 * PhotoProblem} of a failure is what the client is told.
 */
public sealed interface FetchOutcome {

  /** An acceptable image of the sniffed format. */
  record Fetched(byte[] bytes, ImageFormat format) implements FetchOutcome {

    @Override
    public String toString() {
      return "Fetched[" + format + ", " + bytes.length + " bytes]"; // never the bytes themselves
    }
  }

  /**
   * The link is not a usable photo and retrying will not change that: refused address or scheme,
   * not an image, too large, too many redirects, a 4xx other than 408 and 429. Maps to {@code
   * image_invalid} (422).
   */
  record Refused(String reason, PhotoProblem problem) implements FetchOutcome {}

  /**
   * The link may work later: timeout, connection or DNS failure, 5xx, 408, 429. Maps to {@code
   * image_unavailable} (502).
   */
  record Unavailable(String reason, PhotoProblem problem) implements FetchOutcome {}
}
