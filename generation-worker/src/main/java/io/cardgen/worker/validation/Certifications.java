package io.cardgen.worker.validation;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Finds the certifications and standards a card may claim only when the input names them: a short
 * list of the ones sellers and models name most, and the words that claim a certificate without
 * naming one.
 *
 * <ul>
 *   <li>standards with a number: {@code ISO nnnn}, {@code ГОСТ (Р) nnnnn} (also {@code GOST}),
 *       {@code ТР ТС nnn/yyyy}, {@code EN nnnn}, {@code IEC nnnnn}; ISO, ГОСТ and ТР ТС count
 *       without a number too ("ISO certified");
 *   <li>marks: {@code EAC}, {@code CE}, {@code FCC}, {@code FDA}, {@code GOTS}, {@code OEKO-TEX},
 *       {@code RoHS};
 *   <li>words beginning "сертифи…" or "certifi…": "сертифицирован", "сертификат", "certified",
 *       "certificate", "certification".
 * </ul>
 *
 * <p>Acronyms count only in capitals ("ce", "en" and "iso" are parts of ordinary words), except
 * ГОСТ, OEKO-TEX and RoHS, which no word contains. Cyrillic look-alike letters ("ЕАС" typed on a
 * Russian keyboard) read as the Latin mark.
 */
final class Certifications {

  /** The scheme of a word that claims a certificate without naming one. */
  static final String ANY = "certified";

  private static final String SPACE = "[ \\u00A0]?";
  // The letters a claim can start with (both cases where its alternative ignores case). Tested
  // before the alternation, it lets the scan pass most positions with one check: half the time
  // of entering the alternation at every word start, on every text of every card.
  private static final String FIRST_LETTER = "(?=[IГгGgТEЕCСcсFOoÖöRr])";

  /** A claim, without the first-letter check; package-private for the test that compares both. */
  static final String CLAIM_ALTERNATIVES =
      "(?<![\\p{L}\\p{N}])(?:"
          + "(?<numbered>ISO|(?iu:ГОСТ(?:"
          + SPACE
          + "Р(?!\\p{L}))?|GOST(?:"
          + SPACE
          + "R(?!\\p{L}))?)|ТР"
          + SPACE
          + "ТС|EN|IEC)(?:"
          + SPACE
          + "(?<number>\\d{2,6})(?:[-:/.]\\d+)*)?"
          + "|(?<mark>[EЕ][AА][CС]|[CС][EЕ]|FCC|FDA|GOTS|(?iu:OEKO[ -]?TEX|ÖKO[ -]?TEX|RoHS))"
          + "|(?<word>(?iu:сертифи\\p{L}*|certifi\\p{L}*)))"
          + "(?![\\p{L}\\p{N}])";

  private static final Pattern CLAIM = Pattern.compile(FIRST_LETTER + CLAIM_ALTERNATIVES);

  /**
   * A certification as written.
   *
   * @param scheme the scheme in one spelling ("GOST" for "ГОСТ Р"), or {@link #ANY}
   * @param number its number ("9001" of "ISO 9001:2015"), or {@code null}
   */
  record Claim(String text, String scheme, String number) {

    boolean named() {
      return !scheme.equals(ANY);
    }
  }

  private Certifications() {}

  static List<Claim> in(String text) {
    List<Claim> claims = new ArrayList<>();
    Matcher matcher = CLAIM.matcher(text);
    while (matcher.find()) {
      if (matcher.group("word") != null) {
        claims.add(new Claim(matcher.group(), ANY, null));
      } else if (matcher.group("mark") != null) {
        claims.add(new Claim(matcher.group(), scheme(matcher.group("mark")), null));
      } else {
        String scheme = scheme(matcher.group("numbered"));
        String number = matcher.group("number");
        // "EN" and "IEC" alone are a language code or a fragment, not a standard
        if (number != null || !(scheme.equals("EN") || scheme.equals("IEC"))) {
          claims.add(new Claim(matcher.group(), scheme, number));
        }
      }
    }
    return claims;
  }

  private static String scheme(String written) {
    String compact = written.toUpperCase(Locale.ROOT).replaceAll("[ \\u00A0-]", "");
    if (compact.startsWith("ГОСТ") || compact.startsWith("GOST")) {
      return "GOST";
    }
    if (compact.equals("ТРТС")) {
      return "TR TS";
    }
    if (compact.endsWith("TEX")) {
      return "OEKO-TEX";
    }
    StringBuilder latin = new StringBuilder();
    compact.codePoints().map(Certifications::latin).forEach(latin::appendCodePoint);
    return latin.toString();
  }

  /** The Cyrillic capitals that look like the Latin ones of EAC and CE. */
  private static int latin(int c) {
    return switch (c) {
      case 'А' -> 'A';
      case 'С' -> 'C';
      case 'Е' -> 'E';
      default -> c;
    };
  }
}
