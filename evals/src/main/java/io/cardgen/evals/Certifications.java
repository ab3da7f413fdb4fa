package io.cardgen.evals;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Certifications and standards as the eval counts them (docs/quality.md): ISO, ГОСТ/GOST, ТР ТС, EN
 * and IEC with their numbers, the marks EAC, CE, FCC, FDA, GOTS, OEKO-TEX and RoHS, and the words
 * that claim a certificate without naming one ("сертифицирован", "certified"). The marks and ISO
 * count only in capitals: "ce", "en" or "iso-" are parts of ordinary words. Written apart from the
 * worker's guard on purpose, since the eval is what judges the guard.
 *
 * <p>A certification in a card is supported when the input names the same scheme with the same
 * number, or the same scheme when the card gives no number ("ГОСТ" after "ГОСТ 19792-2017"); a word
 * like "certified" is supported when the input names any certification or has a {@code
 * certificates} fact.
 */
final class Certifications {

  private static final Pattern CLAIM =
      Pattern.compile(
          "(?<![\\p{L}\\p{N}])(?:(?<scheme>ISO|(?iu:ГОСТ(?:\\s?Р(?!\\p{L}))?|GOST(?:\\s?R(?!\\p{L}))?"
              + "|OEKO[\\s-]?TEX|ÖKO[\\s-]?TEX|RoHS)|ТР\\s?ТС|EN|IEC|[EЕ][AА][CС]|[CС][EЕ]|FCC|FDA"
              + "|GOTS)(?:[\\s\\u00A0]?(?<number>\\d{2,6})(?:[-:/.]\\d+)*)?"
              + "|(?<word>(?iu:сертифи\\p{L}*|certifi\\p{L}*)))(?![\\p{L}\\p{N}])");
  private static final String WORD = "CERTIFIED";

  /** One certification as written, with its scheme in one spelling and its number, if any. */
  record Claim(String text, String scheme, String number) {}

  private Certifications() {}

  static List<Claim> in(String text) {
    List<Claim> claims = new ArrayList<>();
    Matcher matcher = CLAIM.matcher(text);
    while (matcher.find()) {
      if (matcher.group("word") != null) {
        claims.add(new Claim(matcher.group(), WORD, null));
        continue;
      }
      String scheme = scheme(matcher.group("scheme"));
      String number = matcher.group("number");
      // EN and IEC are only standards with a number; alone they are a language code or a word
      if (number != null || !(scheme.equals("EN") || scheme.equals("IEC"))) {
        claims.add(new Claim(matcher.group(), scheme, number));
      }
    }
    return claims;
  }

  /** The certifications of {@code card} that {@code input} does not support, as written. */
  static List<String> unsupported(String card, String input, boolean certificatesFact) {
    List<Claim> given = in(input);
    Set<String> invented = new LinkedHashSet<>();
    for (Claim claim : in(card)) {
      if (!supported(claim, given, certificatesFact)) {
        invented.add(claim.text());
      }
    }
    return List.copyOf(invented);
  }

  /** The certifications of {@code card} that {@code input} names: what the guard must let pass. */
  static List<String> given(String card, String input) {
    List<Claim> given = in(input);
    Set<String> stated = new LinkedHashSet<>();
    for (Claim claim : in(card)) {
      if (!claim.scheme().equals(WORD) && supported(claim, given, false)) {
        stated.add(claim.text());
      }
    }
    return List.copyOf(stated);
  }

  private static boolean supported(Claim claim, List<Claim> given, boolean certificatesFact) {
    if (claim.scheme().equals(WORD)) {
      return certificatesFact || !given.isEmpty();
    }
    return given.stream()
        .anyMatch(
            source ->
                source.scheme().equals(claim.scheme())
                    && (claim.number() == null || claim.number().equals(source.number())));
  }

  /** "ГОСТ Р", "gost" and "GOST" are one scheme; Cyrillic look-alikes in "ЕАС" are Latin. */
  private static String scheme(String written) {
    String upper = written.toUpperCase(Locale.ROOT).replaceAll("[\\s-]", "");
    if (upper.startsWith("ГОСТ") || upper.startsWith("GOST")) {
      return "GOST";
    }
    if (upper.startsWith("ТРТС")) {
      return "TRTS";
    }
    if (upper.endsWith("TEX")) {
      return "OEKOTEX";
    }
    StringBuilder latin = new StringBuilder();
    upper.codePoints().map(Certifications::latin).forEach(latin::appendCodePoint);
    return latin.toString();
  }

  private static int latin(int c) {
    return switch (c) {
      case 'А' -> 'A';
      case 'С' -> 'C';
      case 'Е' -> 'E';
      default -> c;
    };
  }
}
