package io.cardgen.standalone.simulator;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Random;

/**
 * The words of the short description that templates are filled with.
 *
 * @param phrase its first clause, short enough to repeat in a sentence
 * @param words its distinctive words, for {@code {word}} slots
 */
record ProductTerms(String phrase, List<String> words) {

  private static final int PHRASE_LIMIT = 60;
  private static final int MIN_WORD_LENGTH = 5;
  private static final int MAX_WORDS = 8;

  static ProductTerms from(String shortDescription, Phrasebook book) {
    // "**" would fail the service's check, and a line break would split a list item.
    String clean = shortDescription.replace("*", "").replaceAll("\\s+", " ").strip();
    String firstClause = CodePoints.withoutTrailingPunctuation(clean.split("(?<=[.!?;])\\s")[0]);
    String phrase =
        firstClause.isEmpty()
            ? book.fallbackProduct()
            : CodePoints.cutAtWord(firstClause, PHRASE_LIMIT);
    List<String> words =
        Arrays.stream(clean.split("\\P{L}+"))
            .map(word -> word.toLowerCase(Locale.ROOT))
            .filter(word -> word.length() >= MIN_WORD_LENGTH && !book.stopWords().contains(word))
            .distinct()
            .limit(MAX_WORDS)
            .toList();
    return new ProductTerms(phrase, words.isEmpty() ? book.fallbackWords() : words);
  }

  String fill(String template, Random random) {
    String word = words.get(random.nextInt(words.size()));
    return template
        .replace("{Product}", capitalised(phrase))
        .replace("{product}", midSentence(phrase))
        .replace("{Word}", capitalised(word))
        .replace("{word}", word);
  }

  private static String capitalised(String text) {
    int first = text.codePointAt(0);
    return new StringBuilder().appendCodePoint(Character.toUpperCase(first))
        + text.substring(Character.charCount(first));
  }

  /** "Wireless mouse" becomes "wireless mouse", but "iPhone" and "USB hub" keep their case. */
  private static String midSentence(String text) {
    boolean plainCapital =
        text.length() > 1
            && Character.isUpperCase(text.charAt(0))
            && Character.isLowerCase(text.charAt(1));
    return plainCapital ? Character.toLowerCase(text.charAt(0)) + text.substring(1) : text;
  }
}
