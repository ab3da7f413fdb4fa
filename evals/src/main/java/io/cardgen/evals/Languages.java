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

  /**
   * Whether {@code text} is mostly in the language other than {@code language}: over two thirds of
   * its letters in the other script. A short block that mixes words with Latin names
   * ("Совместимость с iPhone, iPad и MacBook", under half Cyrillic) is not; English slogans on a
   * Russian card are.
   */
  static boolean strays(String text, String language) {
    long letters = text.codePoints().filter(Character::isLetter).count();
    long cyrillic =
        text.codePoints()
            .filter(c -> Character.UnicodeScript.of(c) == Character.UnicodeScript.CYRILLIC)
            .count();
    return language.equals("ru") ? cyrillic * 3 < letters : cyrillic * 3 > letters * 2;
  }
}
