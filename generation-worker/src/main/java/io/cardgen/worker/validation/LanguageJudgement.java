package io.cardgen.worker.validation;

import io.cardgen.worker.validation.CardLanguage.Language;
import io.cardgen.worker.validation.CardLanguage.Letters;
import io.cardgen.worker.validation.Violation.Rule;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Whether a card's texts are in the requested language, judged twice (ADR 0013, amended
 * 2026-11-29): over all the texts together, and block by block for each block with at least {@link
 * CardLanguage#MIN_CARD_LETTERS} counted letters. The pooled judgement alone let a Russian card
 * with English slogans or headers through, its long description outweighing them; the blocks alone
 * would miss a card whose every block is too short to judge. Either being wrong makes one
 * violation, naming the blocks at fault when the others are right, so the repair knows what to
 * rewrite.
 *
 * @param blocks the counted letters of each block of the card, by the name the output rules use
 */
record LanguageJudgement(Language language, Map<String, Letters> blocks) {

  /**
   * A judged block is wrong when the requested language's script holds less than this share of its
   * letters: a block written in the other language (the mistake this catches, 0–10 %), not one that
   * mixes its words with Latin names the input does not give ("Совместимость с iPhone, iPad и
   * MacBook" is 47 % Cyrillic). The whole card keeps {@link CardLanguage#CARD_SHARE}.
   */
  static final double BLOCK_SHARE = 1.0 / 3;

  /** The blocks that are one text; the others are lists, named in the plural. */
  private static final Set<String> SINGLE_TEXTS = Set.of("description", "audience");

  Optional<Violation> violation() {
    Letters pooled = lettersOf(List.copyOf(blocks.keySet()));
    List<String> judged = blocks.keySet().stream().filter(this::judgedBlock).toList();
    List<String> faulty = judged.stream().filter(block -> strayed(blocks.get(block))).toList();
    boolean pooledWrong = judged(pooled) && !right(pooled);
    if (!pooledWrong && faulty.isEmpty()) {
      return Optional.empty();
    }
    String detail;
    if (!pooledWrong) {
      detail = statement(names(faulty), plural(faulty), lettersOf(faulty), "their words");
    } else if (faulty.isEmpty() || faulty.size() == judged.size()) {
      // no judged block is right: the whole card is wrong, and naming blocks would add nothing
      detail = statement("the texts", true, pooled, "the words");
    } else {
      detail =
          statement("the texts", true, pooled, "the words")
              + "; %s %s".formatted(names(faulty), written(lettersOf(faulty), plural(faulty)));
    }
    return Optional.of(new Violation(Rule.WRONG_LANGUAGE, detail + ending()));
  }

  private boolean judgedBlock(String block) {
    return judged(blocks.get(block));
  }

  private static boolean judged(Letters letters) {
    return letters.total() >= CardLanguage.MIN_CARD_LETTERS;
  }

  private boolean right(Letters letters) {
    return letters.share(language) >= CardLanguage.CARD_SHARE;
  }

  private boolean strayed(Letters letters) {
    return letters.share(language) < BLOCK_SHARE;
  }

  /** "the slogans are in English, but the short description is in Russian (only 0% …)". */
  private String statement(String subject, boolean plural, Letters letters, String whose) {
    int percent = (int) Math.round(100 * letters.share(language));
    return ("%s %s, but the short description is in %s (only %d%% of the letters of %s not copied"
            + " from the input are %s)")
        .formatted(
            subject,
            written(letters, plural),
            language.displayName(),
            percent,
            whose,
            language.scriptName());
  }

  private String ending() {
    return "; write every text in %s, keeping brand and model names as the input writes them"
        .formatted(language.displayName());
  }

  private String written(Letters letters, boolean plural) {
    Language other = language.other();
    if (letters.share(other) >= CardLanguage.CARD_SHARE) {
      return (plural ? "are" : "is") + " in " + other.displayName();
    }
    if (letters.otherShare() >= CardLanguage.CARD_SHARE) {
      return (plural ? "are" : "is") + " in a script of neither Russian nor English";
    }
    return (plural ? "mix " : "mixes ") + language.displayName() + " and " + other.displayName();
  }

  private Letters lettersOf(List<String> some) {
    return some.stream().map(blocks::get).reduce(Letters.NONE, Letters::plus);
  }

  private static boolean plural(List<String> some) {
    return some.size() > 1 || !SINGLE_TEXTS.contains(some.get(0));
  }

  /** "the slogans", "the headers and the slogans", "the features, the headers and the slogans". */
  private static String names(List<String> some) {
    List<String> named = some.stream().map(block -> "the " + block).toList();
    if (named.size() == 1) {
      return named.get(0);
    }
    return String.join(", ", named.subList(0, named.size() - 1))
        + " and "
        + named.get(named.size() - 1);
  }
}
