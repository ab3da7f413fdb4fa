package io.cardgen.standalone.simulator;

import java.util.Locale;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** The language a card is written in: the service answers in the language of the input. */
enum Language {
  ENGLISH,
  RUSSIAN;

  /**
   * The worker's instruction in a repair round when an answer came back in the wrong language
   * ("write every text in Russian"); a real model obeys it, so the simulator does too.
   */
  private static final Pattern ASKED =
      Pattern.compile("write every text in (Russian|English)", Pattern.CASE_INSENSITIVE);

  /** Russian as soon as the text has one Cyrillic letter; the service supports no others. */
  static Language of(String text) {
    boolean cyrillic =
        text.codePoints()
            .anyMatch(c -> Character.UnicodeScript.of(c) == Character.UnicodeScript.CYRILLIC);
    return cyrillic ? RUSSIAN : ENGLISH;
  }

  /** The language a text is mostly written in, by its letters; empty when it has none. */
  static Optional<Language> mostlyOf(String text) {
    long cyrillic =
        text.codePoints()
            .filter(c -> Character.UnicodeScript.of(c) == Character.UnicodeScript.CYRILLIC)
            .count();
    long latin =
        text.codePoints()
            .filter(c -> Character.UnicodeScript.of(c) == Character.UnicodeScript.LATIN)
            .count();
    if (cyrillic + latin == 0) {
      return Optional.empty();
    }
    return Optional.of(cyrillic > latin ? RUSSIAN : ENGLISH);
  }

  /** The language an instruction in {@code text} asks for, if it names one. */
  static Optional<Language> askedIn(String text) {
    Matcher asked = ASKED.matcher(text);
    if (!asked.find()) {
      return Optional.empty();
    }
    return Optional.of(valueOf(asked.group(1).toUpperCase(Locale.ROOT)));
  }

  Phrasebook phrasebook() {
    return switch (this) {
      case ENGLISH -> EnglishPhrasebook.PHRASEBOOK;
      case RUSSIAN -> RussianPhrasebook.PHRASEBOOK;
    };
  }
}
