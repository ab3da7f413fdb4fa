package io.cardgen.worker.validation;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Shortens an over-long description by dropping whole sentences from its end, never cutting one: a
 * card may say less than the model wrote, but never half of a sentence.
 */
final class SentenceTrim {

  /**
   * A sentence ends at {@code . ! ? …} (and any closing quote or bracket) followed by a space and a
   * capital letter, digit or opening quote: "т. д. и", "5.3" and "см. ниже" are not boundaries.
   */
  private static final Pattern BOUNDARY =
      Pattern.compile("[.!?…][\"»”’)]*(?=\\s+[\\p{Lu}\\p{N}«\"“])");

  private SentenceTrim() {}

  /**
   * The longest run of leading whole sentences of at most {@code max} code points, if it has at
   * least {@code min}; otherwise {@code null}, and the text stays as the model wrote it.
   */
  static String toFit(String text, int min, int max) {
    List<Integer> ends = new ArrayList<>();
    Matcher boundary = BOUNDARY.matcher(text);
    while (boundary.find()) {
      ends.add(boundary.end());
    }
    for (int i = ends.size() - 1; i >= 0; i--) {
      String kept = text.substring(0, ends.get(i)).strip();
      int length = kept.codePointCount(0, kept.length());
      if (length <= max) {
        return length >= min ? kept : null;
      }
    }
    return null;
  }
}
