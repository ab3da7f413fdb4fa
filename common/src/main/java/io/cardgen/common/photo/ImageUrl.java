package io.cardgen.common.photo;

import java.net.URI;

/** One {@code image_url} entry, classified and (when inline) decoded by {@link ImageUrlDecoder}. */
public sealed interface ImageUrl {

  /** An http(s) link, still to be fetched under the photo-link rules. Syntax checked only. */
  record Link(URI uri) implements ImageUrl {}

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
