package io.cardgen.evals;

/** Tells Russian from English text by its letters: the two languages the service supports. */
final class Languages {

  private Languages() {}

  /** {@code ru} when most letters are Cyrillic, {@code en} otherwise. */
  static String of(String text) {
    long letters = text.codePoints().filter(Character::isLetter).count();
    long cyrillic =
        text.codePoints()
            .filter(c -> Character.UnicodeScript.of(c) == Character.UnicodeScript.CYRILLIC)
            .count();
    return letters > 0 && cyrillic * 2 > letters ? "ru" : "en";
  }
}
