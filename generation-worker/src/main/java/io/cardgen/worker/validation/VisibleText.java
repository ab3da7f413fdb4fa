package io.cardgen.worker.validation;

import java.util.regex.Pattern;

/**
 * Whether a text shows anything. {@link String#isBlank()} sees only {@link Character#isWhitespace}:
 * a text of no-break spaces (U+00A0, U+202F, U+2007) or of zero-width characters passed as written,
 * and a description of 300 of them was a charged card.
 */
final class VisibleText {

  /** Any line break, U+2028 and U+2029 included, which {@link String#lines()} does not split at. */
  private static final Pattern LINE_BREAK = Pattern.compile("\\R");

  private VisibleText() {}

  /** True when {@code text} holds nothing but spaces of any kind, line breaks and format marks. */
  static boolean isBlank(String text) {
    return text.codePoints().allMatch(VisibleText::invisible);
  }

  /** True when {@code text} spans several lines by any line break Unicode has. */
  static boolean breaksLines(String text) {
    return LINE_BREAK.matcher(text).find();
  }

  private static boolean invisible(int c) {
    return Character.isWhitespace(c)
        || Character.isSpaceChar(c)
        || Character.getType(c) == Character.FORMAT
        || Character.getType(c) == Character.CONTROL;
  }
}
