package io.cardgen.common.photo;

/** What {@link PhotoLimits#check} decided about bytes that claim to be a photo. */
public sealed interface ImageVerdict {

  record Accepted(ImageFormat format, ImageDimensions dimensions) implements ImageVerdict {}

  /**
   * @param reason for logs only (never shown to clients, never contains photo bytes)
   */
  record Rejected(String reason) implements ImageVerdict {}
}
