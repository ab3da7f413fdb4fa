package io.cardgen.gateway.api;

/**
 * Whether bytes are well-formed UTF-8 as Unicode's table 3-7 defines it: no overlong forms ({@code
 * C1 B3} for {@code s}), no encoded surrogates, nothing above U+10FFFF, no truncated or stray
 * sequences, which a lenient JSON parser might read as other text. The JDK's decoder with {@code
 * REPORT} draws the same line ({@code StrictUtf8Test} compares them), but decodes the whole body
 * into a char buffer twice its size to do it: for a card with a phone photo, 4 MB written and
 * dropped per request. This reads the bytes once and allocates nothing.
 */
final class StrictUtf8 {

  private StrictUtf8() {}

  static boolean isWellFormed(byte[] bytes) {
    int at = 0;
    while (at < bytes.length) {
      if (bytes[at] >= 0) {
        at++;
        continue;
      }
      int lead = bytes[at] & 0xFF;
      int continuation;
      int secondMin = 0x80;
      int secondMax = 0xBF;
      if (lead >= 0xC2 && lead <= 0xDF) {
        continuation = 1;
      } else if (lead >= 0xE0 && lead <= 0xEF) {
        continuation = 2;
        secondMin = lead == 0xE0 ? 0xA0 : secondMin; // E0 80..9F would be overlong
        secondMax = lead == 0xED ? 0x9F : secondMax; // ED A0..BF would be a surrogate
      } else if (lead >= 0xF0 && lead <= 0xF4) {
        continuation = 3;
        secondMin = lead == 0xF0 ? 0x90 : secondMin; // F0 80..8F would be overlong
        secondMax = lead == 0xF4 ? 0x8F : secondMax; // F4 90.. would be above U+10FFFF
      } else {
        return false; // a stray continuation byte, C0, C1 or F5..FF
      }
      if (at + continuation >= bytes.length) {
        return false;
      }
      int second = bytes[at + 1] & 0xFF;
      if (second < secondMin || second > secondMax) {
        return false;
      }
      for (int next = at + 2; next <= at + continuation; next++) {
        if ((bytes[next] & 0xC0) != 0x80) {
          return false;
        }
      }
      at += continuation + 1;
    }
    return true;
  }
}
