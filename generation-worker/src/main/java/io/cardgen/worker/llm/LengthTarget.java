package io.cardgen.worker.llm;

import io.cardgen.worker.validation.OutputValidator;
import java.util.HashMap;
import java.util.Map;

/**
 * The description length the prompt asks for. Not the requested length itself: an answer a little
 * too long is trimmed locally at a sentence end, while one too short costs a repair call, so the
 * prompt aims above the middle of the 80–115% window, and higher for long texts, which models tend
 * to cut short. Models count words and sentences far better than characters, so the aim is also
 * stated in those.
 *
 * @param aim the characters asked for
 */
record LengthTarget(int requested, int aim, int words, int sentences) {

  /** The aim for short texts, as a fraction of the requested length. */
  static final double SHORT_AIM = 1.08;

  /** The aim from {@link #LONG} characters on; ramps up linearly from {@link #SHORT}. */
  static final double LONG_AIM = 1.12;

  static final int SHORT = 400;
  static final int LONG = 1000;

  /** Average word length with its space: Russian words are longer than English ones. */
  private static final double RUSSIAN_CHARS_PER_WORD = 7.3;

  private static final double ENGLISH_CHARS_PER_WORD = 6.0;
  private static final int CHARS_PER_SENTENCE = 85;

  static LengthTarget of(int requested, String shortDescription) {
    double ramp = Math.max(0, Math.min(1, (requested - SHORT) / (double) (LONG - SHORT)));
    int aim = (int) Math.round(requested * (SHORT_AIM + (LONG_AIM - SHORT_AIM) * ramp));
    double perWord = cyrillic(shortDescription) ? RUSSIAN_CHARS_PER_WORD : ENGLISH_CHARS_PER_WORD;
    return new LengthTarget(
        requested,
        aim,
        (int) Math.round(aim / perWord),
        Math.max(1, (int) Math.round(aim / (double) CHARS_PER_SENTENCE)));
  }

  /** The placeholders of the user, block and repair templates that speak of length. */
  Map<String, String> values() {
    Map<String, String> values = new HashMap<>();
    values.put("length", Integer.toString(requested));
    values.put("min_length", Integer.toString(OutputValidator.minLength(requested)));
    values.put("max_length", Integer.toString(OutputValidator.maxLength(requested)));
    values.put("target_length", Integer.toString(aim));
    values.put("words", Integer.toString(words));
    values.put("sentences", Integer.toString(sentences));
    return values;
  }

  /**
   * The exact change a repair must make to a description of {@code actual} characters, as a
   * sentence for the repair prompt; empty when its length is fine.
   */
  String fix(int actual) {
    int min = OutputValidator.minLength(requested);
    int max = OutputValidator.maxLength(requested);
    double perWord = aim / (double) Math.max(1, words);
    if (actual > max) {
      int cut = actual - aim;
      return " Your description has %d characters: remove about %d (about %d words) by leaving out whole sentences."
          .formatted(actual, cut, Math.max(1, Math.round(cut / perWord)));
    }
    if (actual < min) {
      int add = aim - actual;
      return " Your description has %d characters: add about %d (about %d words) of what the input says about the product, not filler."
          .formatted(actual, add, Math.max(1, Math.round(add / perWord)));
    }
    return "";
  }

  private static boolean cyrillic(String text) {
    return text.codePoints()
        .anyMatch(c -> Character.UnicodeScript.of(c) == Character.UnicodeScript.CYRILLIC);
  }
}
