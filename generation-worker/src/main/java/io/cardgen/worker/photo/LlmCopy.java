package io.cardgen.worker.photo;

import io.cardgen.common.photo.ImageFormat;

/** What {@link LlmPhotoPreparer} made of a photo. */
public sealed interface LlmCopy {

  /** The photo as the model gets it: {@code bytes} in {@code format}, of the given size. */
  record Ready(byte[] bytes, ImageFormat format, int width, int height) implements LlmCopy {

    @Override
    public String toString() {
      return "Ready[" + format + " " + width + "x" + height + ", " + bytes.length + " bytes]";
    }
  }

  /**
   * Not a usable photo: over a limit, cut short, or not decodable. Maps to {@code image_invalid}.
   *
   * @param reason for logs only
   * @param problem what the client is told
   */
  record Unusable(String reason, PhotoProblem problem) implements LlmCopy {}
}
