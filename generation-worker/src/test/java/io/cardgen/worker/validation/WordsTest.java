package io.cardgen.worker.validation;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/** The word scanner finds exactly the words of the pattern it replaced. */
class WordsTest {

  private static final Pattern WORD =
      Pattern.compile("[\\p{L}\\p{M}\\p{N}]+(?:['’\\-][\\p{L}\\p{M}\\p{N}]+)*");

  /** Letters of both scripts, digits of several kinds, marks, joiners, separators, surrogates. */
  private static final String[] PIECES = {
    "a", "Z", "ж", "Ё", "ё", "7", "²", "Ⅻ", "\u0301", "'", "’", "-", "--", " ", "\u00A0", ".", ",",
    "/", "«", "»", "\n", "𝟘", "😀", "𐐀", "x", "х", "Wi", "Fi", "kid"
  };

  @Test
  void splitsOnJoinersOnlyBetweenWordCharacters() {
    assertThat(Words.in("Wi-Fi, р-р 42; kid's -edge- don’t 'quoted' a--b"))
        .containsExactly("Wi-Fi", "р-р", "42", "kid's", "edge", "don’t", "quoted", "a", "b");
  }

  @Test
  void readsSupplementaryCharactersAsOneCharacter() {
    assertThat(Words.in("𝟘𝟙 😀 𐐀b")).containsExactly("𝟘𝟙", "𐐀b");
  }

  @Test
  void findsWhatThePatternFindsInRandomTexts() {
    Random random = new Random(20261125);
    for (int run = 0; run < 20_000; run++) {
      StringBuilder text = new StringBuilder();
      int pieces = random.nextInt(12);
      for (int i = 0; i < pieces; i++) {
        text.append(PIECES[random.nextInt(PIECES.length)]);
      }
      assertThat(Words.in(text.toString())).as(text.toString()).isEqualTo(byPattern(text));
    }
  }

  private static List<String> byPattern(CharSequence text) {
    List<String> words = new ArrayList<>();
    Matcher matcher = WORD.matcher(text);
    while (matcher.find()) {
      words.add(matcher.group());
    }
    return words;
  }
}
