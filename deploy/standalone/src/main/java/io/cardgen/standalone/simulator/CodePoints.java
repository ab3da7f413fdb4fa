package io.cardgen.standalone.simulator;

/** Text measured and cut the way the service counts length: in Unicode code points. */
final class CodePoints {

  private static final String TRAILING_PUNCTUATION = "[\\s.,;:!?…—–-]+$";

  private CodePoints() {}

  static int length(String text) {
    return text.codePointCount(0, text.length());
  }

  static String prefix(String text, int codePoints) {
    return text.substring(0, text.offsetByCodePoints(0, Math.min(codePoints, length(text))));
  }

  /**
   * At most {@code limit} code points of {@code text}, ended at a word boundary when one lies in
   * the second half, without trailing punctuation.
   */
  static String cutAtWord(String text, int limit) {
    if (length(text) <= limit) {
      return text;
    }
    String cut = prefix(text, limit);
    int space = cut.lastIndexOf(' ');
    if (space > cut.length() / 2) {
      cut = cut.substring(0, space);
    }
    return withoutTrailingPunctuation(cut);
  }

  static String withoutTrailingPunctuation(String text) {
    return text.replaceFirst(TRAILING_PUNCTUATION, "");
  }
}
