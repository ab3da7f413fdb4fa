package io.cardgen.standalone.simulator;

/** The language a card is written in: the service answers in the language of the input. */
enum Language {
  ENGLISH,
  RUSSIAN;

  /** Russian as soon as the text has one Cyrillic letter; the service supports no others. */
  static Language of(String text) {
    boolean cyrillic =
        text.codePoints()
            .anyMatch(c -> Character.UnicodeScript.of(c) == Character.UnicodeScript.CYRILLIC);
    return cyrillic ? RUSSIAN : ENGLISH;
  }

  Phrasebook phrasebook() {
    return switch (this) {
      case ENGLISH -> EnglishPhrasebook.PHRASEBOOK;
      case RUSSIAN -> RussianPhrasebook.PHRASEBOOK;
    };
  }
}
