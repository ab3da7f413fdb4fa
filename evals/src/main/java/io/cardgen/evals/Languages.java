package io.cardgen.evals;

/** Tells Russian from English text by its letters: the two languages the service supports. */
final class Languages {

  private Languages() {}

  /** How many letters a text has, and how many of them are Cyrillic. */
  record Letters(long all, long cyrillic) {

    static Letters in(String text) {
      long all = 0;
      long cyrillic = 0;
      for (int c : text.codePoints().toArray()) {
        if (Character.isLetter(c)) {
          all++;
        }
        if (Character.UnicodeScript.of(c) == Character.UnicodeScript.CYRILLIC) {
          cyrillic++;
        }
      }
      return new Letters(all, cyrillic);
    }
  }

  /** {@code ru} when most letters are Cyrillic, {@code en} otherwise. */
  static String of(String text) {
    Letters letters = Letters.in(text);
    return letters.all() > 0 && letters.cyrillic() * 2 > letters.all() ? "ru" : "en";
  }

  /**
   * Whether a text of these {@code letters} is mostly in the language other than {@code language}:
   * over two thirds of its letters in the other script. A short block that mixes words with Latin
   * names ("Совместимость с iPhone, iPad и MacBook", under half Cyrillic) is not; English slogans
   * on a Russian card are.
   */
  static boolean strays(Letters letters, String language) {
    return language.equals("ru")
        ? letters.cyrillic() * 3 < letters.all()
        : letters.cyrillic() * 3 > letters.all() * 2;
  }
}
