package io.cardgen.cli;

/**
 * What an API key may be made of: printable ASCII without spaces (0x21–0x7E), as an HTTP header
 * carries it. A key with anything else — a Cyrillic letter from a keyboard-layout slip, a line
 * break from a paste — is refused where it is read, by position, so the key itself is never
 * printed: the HTTP client would put the whole header, key included, into its error.
 */
final class ApiKeyText {

  private ApiKeyText() {}

  /** Why the key cannot be sent, without showing it; null if it can. */
  static String problem(String key) {
    int position = 1;
    for (int i = 0; i < key.length(); i += Character.charCount(key.codePointAt(i)), position++) {
      int c = key.codePointAt(i);
      if (c < 0x21 || c > 0x7E) {
        return "the API key has "
            + describe(c)
            + " at character "
            + position
            + "; a key is Latin letters, digits and punctuation only: retype that character with"
            + " the Latin keyboard layout (a layout slip types a Cyrillic letter for a Latin one),"
            + " or copy the key again as one line";
      }
    }
    return null;
  }

  private static String describe(int c) {
    if (c == '\n' || c == '\r') {
      return "a line break";
    }
    if (Character.isWhitespace(c) || Character.isSpaceChar(c)) {
      return "a space";
    }
    if (Character.UnicodeScript.of(c) == Character.UnicodeScript.CYRILLIC) {
      return "a Cyrillic letter";
    }
    return Character.isISOControl(c) ? "a control character" : "a non-Latin character";
  }
}
