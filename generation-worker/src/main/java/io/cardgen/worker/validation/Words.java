package io.cardgen.worker.validation;

import java.util.ArrayList;
import java.util.List;

/**
 * Splits a text into words: runs of letters, marks and digits, joined by a hyphen or an apostrophe
 * ("Wi-Fi", "р-р", "kid's"). The same words as the pattern {@code
 * [\p{L}\p{M}\p{N}]+(?:['’\-][\p{L}\p{M}\p{N}]+)*} finds, read in one pass: the JDK's matcher
 * allocates a set per repeated group and attempt, and the language check reads every text of every
 * card this way (docs/performance.md).
 */
final class Words {

  private Words() {}

  static List<String> in(String text) {
    List<String> words = new ArrayList<>();
    int length = text.length();
    int i = 0;
    while (i < length) {
      int c = text.codePointAt(i);
      if (!isWordChar(c)) {
        i += Character.charCount(c);
        continue;
      }
      int start = i;
      i = endOfRun(text, i);
      while (i + 1 < length && isJoiner(text.charAt(i)) && isWordChar(text.codePointAt(i + 1))) {
        i = endOfRun(text, i + 1);
      }
      words.add(text.substring(start, i));
    }
    return words;
  }

  private static int endOfRun(String text, int from) {
    int i = from;
    while (i < text.length()) {
      int c = text.codePointAt(i);
      if (!isWordChar(c)) {
        break;
      }
      i += Character.charCount(c);
    }
    return i;
  }

  private static boolean isJoiner(char c) {
    return c == '\'' || c == '’' || c == '-';
  }

  /** {@code \p{L}}, {@code \p{M}} or {@code \p{N}}. */
  private static boolean isWordChar(int c) {
    return switch (Character.getType(c)) {
      case Character.UPPERCASE_LETTER,
              Character.LOWERCASE_LETTER,
              Character.TITLECASE_LETTER,
              Character.MODIFIER_LETTER,
              Character.OTHER_LETTER,
              Character.NON_SPACING_MARK,
              Character.ENCLOSING_MARK,
              Character.COMBINING_SPACING_MARK,
              Character.DECIMAL_DIGIT_NUMBER,
              Character.LETTER_NUMBER,
              Character.OTHER_NUMBER ->
          true;
      default -> false;
    };
  }
}
