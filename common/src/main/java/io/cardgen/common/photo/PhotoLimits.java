package io.cardgen.common.photo;

import java.util.Optional;

/**
 * What one photo must meet, wherever it came from (inline in the request or behind a link).
 *
 * @param maxBytes the largest file accepted
 * @param maxPixels the largest canvas (width × height, as the header declares it) accepted
 */
public record PhotoLimits(int maxBytes, long maxPixels) {

  public static final int DEFAULT_MAX_BYTES = 10 * 1024 * 1024;
  public static final long DEFAULT_MAX_PIXELS = 40_000_000L;
  public static final PhotoLimits DEFAULTS = new PhotoLimits(DEFAULT_MAX_BYTES, DEFAULT_MAX_PIXELS);

  public PhotoLimits {
    if (maxBytes <= 0 || maxPixels <= 0) {
      throw new IllegalArgumentException("photo limits must be positive");
    }
  }

  /**
   * Sniffs the real format and checks size, declared canvas and that the file is whole, without
   * decoding the image. The canvas is checked first, so a decompression bomb never reaches a
   * decoder.
   */
  public ImageVerdict check(byte[] bytes) {
    if (bytes.length > maxBytes) {
      return new ImageVerdict.Rejected(
          ImageVerdict.Flaw.TOO_LARGE,
          "photo of " + bytes.length + " bytes is over the limit of " + maxBytes);
    }
    Optional<ImageFormat> format = ImageFormat.sniff(bytes);
    if (format.isEmpty()) {
      return new ImageVerdict.Rejected(
          ImageVerdict.Flaw.NOT_AN_IMAGE, "not a JPEG, PNG, WebP or GIF image");
    }
    Optional<ImageDimensions> dimensions = ImageDimensions.read(format.get(), bytes);
    if (dimensions.isEmpty()) {
      return new ImageVerdict.Rejected(
          ImageVerdict.Flaw.MALFORMED, format.get() + " header is truncated or malformed");
    }
    if (dimensions.get().pixels() > maxPixels) {
      return new ImageVerdict.Rejected(
          ImageVerdict.Flaw.TOO_MANY_PIXELS,
          format.get() + " of " + dimensions.get() + " is over the limit of " + maxPixels + " px");
    }
    if (!FileEnds.complete(format.get(), bytes)) {
      return new ImageVerdict.Rejected(
          ImageVerdict.Flaw.MALFORMED, format.get() + " file is truncated or malformed");
    }
    return new ImageVerdict.Accepted(format.get(), dimensions.get());
  }
}
