package io.cardgen.cli.input;

/** The media type of an image by its first bytes, for the formats the service accepts. */
final class ImageType {

  private ImageType() {}

  static String of(byte[] bytes) {
    if (startsWith(bytes, 0, 0xFF, 0xD8, 0xFF)) {
      return "image/jpeg";
    }
    if (startsWith(bytes, 0, 0x89, 'P', 'N', 'G', 0x0D, 0x0A, 0x1A, 0x0A)) {
      return "image/png";
    }
    if (startsWith(bytes, 0, 'G', 'I', 'F', '8')) {
      return "image/gif";
    }
    if (startsWith(bytes, 0, 'R', 'I', 'F', 'F') && startsWith(bytes, 8, 'W', 'E', 'B', 'P')) {
      return "image/webp";
    }
    return null;
  }

  private static boolean startsWith(byte[] bytes, int offset, int... expected) {
    if (bytes.length < offset + expected.length) {
      return false;
    }
    for (int i = 0; i < expected.length; i++) {
      if ((bytes[offset + i] & 0xFF) != expected[i]) {
        return false;
      }
    }
    return true;
  }
}
