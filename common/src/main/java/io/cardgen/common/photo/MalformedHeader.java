package io.cardgen.common.photo;

/** An image header that is cut short or breaks its format's structure. */
final class MalformedHeader extends RuntimeException {

  MalformedHeader(String message) {
    // Thrown for every bad upload, caught one frame up: a stack trace would be pure cost.
    super(message, null, false, false);
  }
}
