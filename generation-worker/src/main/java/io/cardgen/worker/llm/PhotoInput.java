package io.cardgen.worker.llm;

import java.util.Objects;

/**
 * One photo as the model receives it. The worker has already fetched and checked it; this type only
 * carries the bytes and their media type (for example {@code image/jpeg}).
 */
public record PhotoInput(byte[] bytes, String mimeType) {

  public PhotoInput {
    Objects.requireNonNull(bytes, "bytes");
    Objects.requireNonNull(mimeType, "mimeType");
  }

  /** Never prints the bytes: photos may be large and must not end up in logs. */
  @Override
  public String toString() {
    return "PhotoInput[" + mimeType + ", " + bytes.length + " bytes]";
  }
}
