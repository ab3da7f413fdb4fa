package io.cardgen.common.photo;

import java.net.URI;

/** One {@code image_url} entry, classified and (when inline) decoded by {@link ImageUrlDecoder}. */
public sealed interface ImageUrl {

  /** An http(s) link, still to be fetched under the photo-link rules. Syntax checked only. */
  record Link(URI uri) implements ImageUrl {}

  /**
   * An http(s) link with a host that the photo-link rules refuse by its text alone (a port no
   * connection can use, an IPv6 zone, an ambiguous numeric host, credentials): a synchronous
   * request is refused for it at once, a batch item fails when it runs, as for an address refused
   * after DNS (batch-api §2: a refused link fails its item, never the batch).
   *
   * @param reason for logs only; the client gets {@code image_invalid}
   */
  record RefusedLink(URI uri, String reason) implements ImageUrl {}

  /** A data URI or bare base64 that decoded to an acceptable image of the sniffed format. */
  record Inline(byte[] bytes, ImageFormat format) implements ImageUrl {

    @Override
    public String toString() {
      return "Inline[" + format + ", " + bytes.length + " bytes]"; // never the bytes themselves
    }
  }

  /**
   * @param reason for logs only; the client gets {@code image_invalid}
   */
  record Invalid(String reason) implements ImageUrl {}
}
