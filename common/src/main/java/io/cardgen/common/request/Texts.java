package io.cardgen.common.request;

/** Character-level rules for the free-text fields of a request. */
public final class Texts {

  private static final int QUOTE_LIMIT = 40;

  private Texts() {}

  /** Length as the spec counts it: in characters (code points), not UTF-16 units. */
  static int length(String text) {
    return text.codePointCount(0, text.length());
  }

  /**
   * Text that PostgreSQL and a JSON encoder can carry unchanged: no U+0000 (PostgreSQL rejects it
   * in text and jsonb) and no unpaired surrogate (not a character at all, so no UTF-8 form).
   */
  public static boolean isWellFormed(String text) {
    for (int index = 0; index < text.length(); index++) {
      char c = text.charAt(index);
      if (c == '\0') {
        return false;
      }
      if (Character.isHighSurrogate(c)) {
        if (index + 1 == text.length() || !Character.isLowSurrogate(text.charAt(index + 1))) {
          return false;
        }
        index++;
      } else if (Character.isLowSurrogate(c)) {
        return false;
      }
    }
    return true;
  }

  /**
   * A client's text fit to be quoted back in an error message: short, and with control characters
   * and unpaired surrogates replaced, so that echoing it can never break the answer.
   */
  public static String quote(String text) {
    StringBuilder quoted = new StringBuilder();
    int[] codePoints = text.codePoints().limit(QUOTE_LIMIT + 1L).toArray();
    for (int index = 0; index < Math.min(codePoints.length, QUOTE_LIMIT); index++) {
      int codePoint = codePoints[index];
      boolean printable =
          !Character.isISOControl(codePoint) && !Character.isSurrogate((char) codePoint);
      quoted.appendCodePoint(printable || codePoint > 0xFFFF ? codePoint : 0xFFFD);
    }
    return codePoints.length > QUOTE_LIMIT ? quoted + "…" : quoted.toString();
  }
}
