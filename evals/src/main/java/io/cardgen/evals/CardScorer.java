package io.cardgen.evals;

import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import tools.jackson.databind.JsonNode;

/**
 * Scores a card against its golden product. Independent of the worker's own checks on purpose: the
 * eval is what judges those checks, so it must not share their code or their blind spots.
 */
final class CardScorer {

  /**
   * A number as written: "1,5", "1.5", and "10 000" with its thousands spaced (any horizontal
   * space: a no-break, a thin or a narrow one as typesetters use).
   */
  private static final Pattern NUMBER =
      Pattern.compile("\\d{1,3}(?:\\h\\d{3})+(?!\\d)|\\d+(?:[.,]\\d+)?");

  private static final List<String> TEXT_BLOCKS = List.of("description", "audience");
  private static final List<String> LIST_BLOCKS = List.of("features", "headers", "slogans");
  private static final int STEM = 5;

  /** A block with fewer letters (one slogan that is a name) tells no language of its own. */
  private static final int BLOCK_LETTERS = 20;

  private CardScorer() {}

  static CardScore score(CardRun run) {
    GoldenProduct product = run.product();
    if (!run.succeeded()) {
      return new CardScore(
          product.id(),
          product.category(),
          run.code(),
          run.status(),
          run.message(),
          run.attempts(),
          run.latencyMillis(),
          null,
          null,
          null,
          null,
          List.of(),
          List.of(),
          List.of(),
          List.of());
    }
    String text = GoldenProduct.fold(texts(run.card()));
    String input = product.input();
    String description = run.card().path("description").asString("");
    return new CardScore(
        product.id(),
        product.category(),
        null,
        run.status(),
        null,
        run.attempts(),
        run.latencyMillis(),
        description.codePointCount(0, description.length()) / (double) product.length(),
        inLanguage(run.card(), text, product.language()),
        product.facts().isEmpty()
            ? 1.0
            : product.facts().stream().filter(fact -> fact.foundIn(text)).count()
                / (double) product.facts().size(),
        keywordCoverage(product.keywords(), text),
        unsupported(text, input),
        Certifications.unsupported(text, input, product.certificatesFact()),
        Certifications.given(text, input),
        product.mustNot().stream()
            .filter(claim -> claim.foundIn(text))
            .map(GoldenProduct.Expectation::written)
            .toList());
  }

  /**
   * Whether the card is written in {@code language}: the card as a whole by the majority of its
   * letters, and no block with at least {@link #BLOCK_LETTERS} letters (a list's items together)
   * mostly in the other language, so that English slogans under a long Russian description count
   * against the card as a reader sees them.
   */
  static boolean inLanguage(JsonNode card, String text, String language) {
    if (!Languages.of(text).equals(language)) {
      return false;
    }
    for (String block : TEXT_BLOCKS) {
      if (!inLanguageIfLong(card.path(block).asString(""), language)) {
        return false;
      }
    }
    for (String block : LIST_BLOCKS) {
      StringBuilder items = new StringBuilder();
      card.path(block).values().forEach(item -> items.append(item.asString("")).append('\n'));
      if (!inLanguageIfLong(items.toString(), language)) {
        return false;
      }
    }
    return true;
  }

  private static boolean inLanguageIfLong(String block, String language) {
    Languages.Letters letters = Languages.Letters.in(block);
    return letters.all() < BLOCK_LETTERS || !Languages.strays(letters, language);
  }

  /** Every text block and list item of the card, one per line. */
  static String texts(JsonNode card) {
    StringBuilder text = new StringBuilder();
    for (String block : TEXT_BLOCKS) {
      text.append(card.path(block).asString("")).append('\n');
    }
    for (String block : LIST_BLOCKS) {
      card.path(block).values().forEach(item -> text.append(item.asString("")).append('\n'));
    }
    return text.toString();
  }

  /**
   * A keyword counts when each of its words appears, compared by its first letters so that Russian
   * inflection ("керамическая" → "керамической") does not hide it.
   */
  private static Double keywordCoverage(List<String> keywords, String text) {
    if (keywords.isEmpty()) {
      return null;
    }
    String lower = text.toLowerCase(Locale.ROOT);
    long covered =
        keywords.stream()
            .filter(
                keyword -> {
                  String words = GoldenProduct.fold(keyword.toLowerCase(Locale.ROOT));
                  for (String word : words.split("\\P{L}+")) {
                    String stem = word.length() > STEM ? word.substring(0, STEM) : word;
                    if (!lower.contains(stem)) {
                      return false;
                    }
                  }
                  return true;
                })
            .count();
    return covered / (double) keywords.size();
  }

  /**
   * The numbers of the card that no input states, compared as written ("1,5" is "1.5", "10 000" is
   * "10000").
   */
  private static List<String> unsupported(String text, String input) {
    Set<String> stated = new LinkedHashSet<>();
    Matcher given = NUMBER.matcher(input);
    while (given.find()) {
      stated.add(normal(given.group()));
    }
    Set<String> invented = new LinkedHashSet<>();
    Matcher found = NUMBER.matcher(text);
    while (found.find()) {
      if (!stated.contains(normal(found.group()))) {
        invented.add(found.group());
      }
    }
    return List.copyOf(invented);
  }

  private static String normal(String number) {
    return number.replace(',', '.').replaceAll("\\h", "");
  }
}
