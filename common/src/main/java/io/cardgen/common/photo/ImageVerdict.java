package io.cardgen.common.photo;

/** What {@link PhotoLimits#check} decided about bytes that claim to be a photo. */
public sealed interface ImageVerdict {

  record Accepted(ImageFormat format, ImageDimensions dimensions) implements ImageVerdict {}

  /**
   * @param flaw what is wrong, in terms a client may be told
   * @param reason for logs only (never shown to clients, never contains photo bytes)
   */
  record Rejected(Flaw flaw, String reason) implements ImageVerdict {}

  /** What makes bytes unacceptable as a photo. */
  enum Flaw {
    TOO_LARGE,
    NOT_AN_IMAGE,
    MALFORMED,
    TOO_MANY_PIXELS
  }
}
