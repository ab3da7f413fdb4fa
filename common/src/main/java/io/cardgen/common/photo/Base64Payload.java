package io.cardgen.common.photo;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Base64;

/**
 * Decodes the base64 part of an {@code image_url} straight from the request string into an array of
 * exactly the decoded size: one pass validates and counts, a second decodes. The size is known
 * before anything is allocated, so an oversized photo costs no memory.
 *
 * <p>Accepted: the standard alphabet or the URL-safe one (browsers' {@code base64url} helpers are
 * common), but not both in one payload, which no encoder produces; padding present or absent; ASCII
 * whitespace anywhere (MIME and PEM tools wrap lines). Anything else is not base64: unlike {@code
 * Base64.getMimeDecoder()}, stray characters are an error, not skipped.
 */
final class Base64Payload {

  private static final int WHITESPACE = -2;
  private static final int INVALID = -1;
  private static final int[] VALUES = new int[128];

  static {
    Arrays.fill(VALUES, INVALID);
    String standard = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    for (int i = 0; i < standard.length(); i++) {
      VALUES[standard.charAt(i)] = i;
    }
    VALUES['-'] = 62;
    VALUES['_'] = 63;
    for (char c : new char[] {' ', '\t', '\n', '\r', '\f'}) {
      VALUES[c] = WHITESPACE;
    }
  }

  private Base64Payload() {}

  /** Decodes {@code text} from index {@code from}; fails past {@code maxBytes} decoded bytes. */
  static byte[] decode(String text, int from, int maxBytes) {
    if ((long) (text.length() - from) * 3 / 4 <= maxBytes) {
      byte[] plain = plainBase64(text, from);
      if (plain != null) {
        return plain;
      }
    }
    return decodeSymbolBySymbol(text, from, maxBytes);
  }

  /**
   * The common case, standard base64 without whitespace, through the JDK's decoder (vectorised on
   * x86: ten times faster than the loop below on a 100 KB photo); {@code null} for anything it
   * refuses, which the loop then decodes or refuses with the reason. Whatever the JDK decoder
   * accepts, the loop accepts with the same bytes ({@code Base64PayloadTest}).
   */
  private static byte[] plainBase64(String text, int from) {
    // Latin-1 keeps each char's low byte, one plain copy for a string of base64 (no substring
    // first: a phone photo's payload is megabytes); any char above 0x7F becomes a byte the JDK
    // decoder refuses.
    byte[] latin1 = text.getBytes(StandardCharsets.ISO_8859_1);
    try {
      ByteBuffer decoded =
          Base64.getDecoder().decode(ByteBuffer.wrap(latin1, from, latin1.length - from));
      if (!decoded.hasRemaining()) {
        return null;
      }
      byte[] array = decoded.array();
      return decoded.remaining() == array.length
          ? array
          : Arrays.copyOfRange(array, decoded.position(), decoded.limit());
    } catch (IllegalArgumentException notPlain) {
      return null;
    }
  }

  static byte[] decodeSymbolBySymbol(String text, int from, int maxBytes) {
    int symbols = countSymbols(text, from);
    long size = (long) symbols * 3 / 4;
    if (size > maxBytes) {
      throw new UndecodablePayload("photo of " + size + " bytes is over the limit of " + maxBytes);
    }
    byte[] out = new byte[(int) size];
    int bits = 0;
    int pending = 0;
    int written = 0;
    for (int i = from; i < text.length() && written < out.length; i++) {
      char c = text.charAt(i);
      int value = c == '=' ? WHITESPACE : VALUES[c];
      if (value == WHITESPACE) {
        continue;
      }
      bits = bits << 6 | value;
      pending += 6;
      if (pending >= 8) {
        pending -= 8;
        out[written++] = (byte) (bits >> pending);
      }
    }
    return out;
  }

  private static int countSymbols(String text, int from) {
    int symbols = 0;
    int padding = 0;
    boolean standard = false;
    boolean urlSafe = false;
    for (int i = from; i < text.length(); i++) {
      char c = text.charAt(i);
      int value = c < 128 ? VALUES[c] : INVALID;
      if (c == '=') {
        padding++;
      } else if (value == INVALID || (value >= 0 && padding > 0)) {
        throw new UndecodablePayload("not base64");
      } else if (value >= 0) {
        symbols++;
        standard |= c == '+' || c == '/';
        urlSafe |= c == '-' || c == '_';
      }
    }
    if (standard && urlSafe) {
      throw new UndecodablePayload("base64 mixes the standard and URL-safe alphabets");
    }
    boolean badLength = padding > 0 ? (symbols + padding) % 4 != 0 : symbols % 4 == 1;
    if (symbols == 0 || padding > 2 || badLength) {
      throw new UndecodablePayload("base64 of a length no encoder produces");
    }
    return symbols;
  }

  /** Why a payload could not be decoded; becomes {@link ImageUrl.Invalid}. */
  static final class UndecodablePayload extends RuntimeException {

    UndecodablePayload(String message) {
      super(message, null, false, false);
    }
  }
}
