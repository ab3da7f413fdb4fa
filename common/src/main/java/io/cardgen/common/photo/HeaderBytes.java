package io.cardgen.common.photo;

import java.nio.charset.StandardCharsets;

/**
 * Bounds-checked reads over the start of an image file. Every read past the end throws {@link
 * MalformedHeader}, so the format parsers can follow offsets the file itself declares without
 * checking each one.
 */
final class HeaderBytes {

  private final byte[] data;

  HeaderBytes(byte[] data) {
    this.data = data;
  }

  int length() {
    return data.length;
  }

  int u8(int at) {
    if (at < 0 || at >= data.length) {
      throw new MalformedHeader("truncated header");
    }
    return data[at] & 0xFF;
  }

  /**
   * The first index from {@code from} on that holds 0xFF: one loop over the array rather than a
   * checked read per byte, since a JPEG's entropy-coded data is nearly all of the file.
   */
  int indexOfFF(int from) {
    for (int at = Math.max(from, 0); at < data.length; at++) {
      if (data[at] == (byte) 0xFF) {
        return at;
      }
    }
    throw new MalformedHeader("truncated header");
  }

  int u16be(int at) {
    return u8(at) << 8 | u8(at + 1);
  }

  int u16le(int at) {
    return u8(at) | u8(at + 1) << 8;
  }

  int u24le(int at) {
    return u16le(at) | u8(at + 2) << 16;
  }

  long u32be(int at) {
    return (long) u16be(at) << 16 | u16be(at + 2);
  }

  long u32le(int at) {
    return u16le(at) | (long) u16le(at + 2) << 16;
  }

  boolean has(int at, byte... expected) {
    if (at < 0 || at + expected.length > data.length) {
      return false;
    }
    for (int i = 0; i < expected.length; i++) {
      if (data[at + i] != expected[i]) {
        return false;
      }
    }
    return true;
  }

  boolean has(int at, String ascii) {
    return has(at, ascii.getBytes(StandardCharsets.US_ASCII));
  }
}
