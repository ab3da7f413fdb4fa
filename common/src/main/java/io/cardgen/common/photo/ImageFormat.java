package io.cardgen.common.photo;

import java.util.Arrays;
import java.util.Optional;

/**
 * The photo formats the service accepts. A format is recognised by its magic bytes only: the type a
 * client declares (data URI media type, {@code Content-Type}, file name) is never trusted, and the
 * stored object's extension and content type come from here.
 */
public enum ImageFormat {
  JPEG("image/jpeg", "jpg"),
  PNG("image/png", "png"),
  WEBP("image/webp", "webp"),
  GIF("image/gif", "gif");

  /** How many leading bytes {@link #sniff} needs to tell every format apart. */
  public static final int SNIFF_LENGTH = 12;

  private static final byte[] JPEG_START = {(byte) 0xFF, (byte) 0xD8, (byte) 0xFF};
  private static final byte[] PNG_SIGNATURE = {(byte) 0x89, 'P', 'N', 'G', '\r', '\n', 0x1A, '\n'};

  private final String mimeType;
  private final String extension;

  ImageFormat(String mimeType, String extension) {
    this.mimeType = mimeType;
    this.extension = extension;
  }

  public String mimeType() {
    return mimeType;
  }

  /** The file extension of stored photos, without the dot. */
  public String extension() {
    return extension;
  }

  /**
   * The format whose magic bytes start {@code head}, if any. {@code head} may be the whole file or
   * just its first {@link #SNIFF_LENGTH} bytes.
   */
  public static Optional<ImageFormat> sniff(byte[] head) {
    HeaderBytes bytes = new HeaderBytes(head);
    if (bytes.has(0, JPEG_START)) {
      return Optional.of(JPEG);
    }
    if (bytes.has(0, PNG_SIGNATURE)) {
      return Optional.of(PNG);
    }
    if (bytes.has(0, "GIF87a") || bytes.has(0, "GIF89a")) {
      return Optional.of(GIF);
    }
    if (bytes.has(0, "RIFF") && bytes.has(8, "WEBP")) {
      return Optional.of(WEBP);
    }
    return Optional.empty();
  }

  /** The format stored under {@code extension} (as {@link #extension()} spells it). */
  public static Optional<ImageFormat> ofExtension(String extension) {
    return Arrays.stream(values()).filter(f -> f.extension.equals(extension)).findFirst();
  }
}
